#include "play/bot.h"

#include "nn/bearoff_database.h"
#include "nn/model_path.h"

namespace nard {

std::shared_ptr<const NeuralModel> with_bearoff(std::shared_ptr<const NeuralModel> model,
                                                BearoffDatabases which) {
  if (which == BearoffDatabases::None) return model;
  Result<std::shared_ptr<const BearoffDatabase>> db = BearoffDatabase::create(
      model->rules(), which == BearoffDatabases::OneSided ? 0 : TwoSidedBearoff::kDefaultCheckers);
  if (!db) return model;  // another game's bear-off: the net alone
  return with_bearoff_database(model, *db);
}

Result<std::shared_ptr<const NeuralModel>> load_model(const Rules& rules, const std::string& path,
                                                      BearoffDatabases bearoff,
                                                      std::string* path_used,
                                                      bool* no_shipped_model) {
  std::string file = path;
  if (file.empty()) {
    Result<std::string> found = default_model_path(rules.variant);
    if (!found) {
      if (no_shipped_model) *no_shipped_model = true;
      return found.error();
    }
    file = *found;
  }
  Result<std::shared_ptr<const NeuralModel>> model = NeuralModel::load(rules, file);
  if (!model) return model.error();
  if (path_used) *path_used = file;
  return with_bearoff(*model, bearoff);
}

Result<Bot> make_bot(const BotOptions& o, BotError* why) {
  auto fail = [&](Error e, bool no_shipped_model) -> Result<Bot> {
    if (why) *why = BotError{e, no_shipped_model};
    return e;
  };
  Result<Rules> rules = resolve_rules(o.variant, o.rules);
  if (!rules) return fail(rules.error(), false);
  Bot bot;
  bool no_shipped_model = false;
  Result<std::shared_ptr<const NeuralModel>> model =
      load_model(*rules, o.model, o.bearoff, &bot.model_path, &no_shipped_model);
  if (!model) return fail(model.error(), no_shipped_model);
  bot.rules = *rules;
  bot.model = *model;
  bot.search.ply = o.ply;
  return bot;
}

}  // namespace nard
