// The HTTP/JSON API (api/): a server started inside the test on 127.0.0.1 on a free port, called
// over HTTP with httplib's client: every endpoint, the 400s naming the field, the body-size and
// time limits, rollout jobs polled and cancelled, the web page.
#include <gtest/gtest.h>
#include <httplib.h>

#include <chrono>
#include <memory>
#include <nlohmann/json.hpp>
#include <set>
#include <thread>

#include "api/http_server.h"
#include "api/jobs.h"
#include "api/model_registry.h"
#include "tests/support/cli_runner.h"

namespace nard {
namespace {

using nlohmann::json;

// One server with its own limits, serving on a background thread for the test's life.
class TestServer {
 public:
  explicit TestServer(api::ServerOptions server = {}, api::ApiLimits limits = {},
                      api::JobLimits job_limits = {}) {
    Result<std::unique_ptr<api::ModelRegistry>> models = api::ModelRegistry::create({});
    EXPECT_TRUE(models) << models.error().message;
    models_ = std::move(models).value();
    jobs_ = std::make_unique<api::Jobs>(job_limits);
    api_ = std::make_unique<api::Api>(*models_, *jobs_, limits);
    server.host = "127.0.0.1";
    server.port = 0;
    server_ = std::make_unique<api::HttpServer>(*api_, server);
    Result<int> port = server_->bind();
    EXPECT_TRUE(port) << port.error().message;
    port_ = *port;
    thread_ = std::thread([this] { server_->run(); });
    for (int i = 0; i < 500 && !server_->running(); ++i)
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  ~TestServer() {
    server_->stop();
    thread_.join();
  }
  httplib::Client client() const {
    httplib::Client c("127.0.0.1", port_);
    c.set_read_timeout(60);
    return c;
  }
  // POSTs the body; the status and the parsed reply.
  std::pair<int, json> post(const std::string& path, const std::string& body) const {
    httplib::Client c = client();
    httplib::Result r = c.Post(path.c_str(), body, "application/json");
    if (!r) return {-1, json()};
    return {r->status, json::parse(r->body, nullptr, false)};
  }
  std::pair<int, json> post(const std::string& path, const json& body) const {
    return post(path, body.dump());
  }
  std::pair<int, json> get(const std::string& path) const {
    httplib::Client c = client();
    httplib::Result r = c.Get(path.c_str());
    if (!r) return {-1, json()};
    return {r->status, json::parse(r->body, nullptr, false)};
  }
  std::pair<int, json> del(const std::string& path) const {
    httplib::Client c = client();
    httplib::Result r = c.Delete(path.c_str());
    if (!r) return {-1, json()};
    return {r->status, json::parse(r->body, nullptr, false)};
  }
  int port() const { return port_; }

 private:
  std::unique_ptr<api::ModelRegistry> models_;
  std::unique_ptr<api::Jobs> jobs_;
  std::unique_ptr<api::Api> api_;
  std::unique_ptr<api::HttpServer> server_;
  std::thread thread_;
  int port_ = 0;
};

class ApiServer : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { server_ = new TestServer(); }
  static void TearDownTestSuite() {
    delete server_;
    server_ = nullptr;
  }
  static TestServer* server_;
};
TestServer* ApiServer::server_ = nullptr;

const char* kOpening = "4HPwATDgc/ABMA";

std::vector<std::string> moves_of(const json& plays) {
  std::vector<std::string> out;
  for (const json& p : plays) out.push_back(p.at("move").get<std::string>());
  return out;
}

TEST_F(ApiServer, InfoListsEveryGameWithItsPresetsAndModel) {
  auto [status, info] = server_->get("/api/info");
  ASSERT_EQ(status, 200) << info;
  EXPECT_EQ(info["name"], "nard");
  EXPECT_FALSE(info["version"].get<std::string>().empty());
  ASSERT_EQ(info["games"].size(), 5u);
  std::set<std::string> variants, presets;
  for (const json& g : info["games"]) {
    variants.insert(g["variant"]);
    EXPECT_TRUE(g["model"].is_object()) << g["variant"];
    EXPECT_EQ(g["start"]["board"]["points"].size(), 24u);
    for (const json& p : g["presets"]) presets.insert(p["name"]);
  }
  EXPECT_EQ(variants,
            (std::set<std::string>{"backgammon", "plakoto", "tawla31", "fevga", "longnardy"}));
  for (const char* p : {"wbf", "iran", "ru_short", "arab_tawla", "gr_portes", "tr_tavla", "tapa",
                        "mahbusa", "moultezim", "narde", "ru_sport"})
    EXPECT_TRUE(presets.count(p)) << p;
}

TEST_F(ApiServer, PositionReadsEveryFormatAndTheStart) {
  auto [s1, id] = server_->post("/api/position", json{{"position", kOpening}});
  ASSERT_EQ(s1, 200) << id;
  EXPECT_EQ(id["notation"], "x 24:2 13:5 8:3 6:5; o 19:5 17:3 12:5 1:2");
  EXPECT_EQ(id["board"]["pips"], json::array({167, 167}));
  auto [s2, xg] = server_->post(
      "/api/position", json{{"position", "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10"}});
  ASSERT_EQ(s2, 200) << xg;
  EXPECT_EQ(xg["position"], kOpening);
  EXPECT_EQ(xg["dice"], "52");
  auto [s3, ln] =
      server_->post("/api/position", json{{"variant", "longnardy"}, {"position", "start"}});
  ASSERT_EQ(s3, 200) << ln;
  EXPECT_EQ(ln["notation"], "x 24:15; o 12:15; first:xo");
  EXPECT_EQ(ln["board"]["geometry"], "parallel");
  auto [s4, pl] = server_->post(
      "/api/position", json{{"variant", "plakoto"}, {"position", "x 24:13 19:1 13:1+; o 1:14"}});
  ASSERT_EQ(s4, 200) << pl;
  EXPECT_EQ(pl["board"]["pins"], json::array({13}));
}

TEST_F(ApiServer, MovesListsEveryPlayInEveryGame) {
  auto [status, doc] = server_->post("/api/moves", json{{"position", kOpening}, {"dice", "31"}});
  ASSERT_EQ(status, 200) << doc;
  EXPECT_EQ(doc["dice"], "31");
  EXPECT_EQ(doc["plays"].size(), 16u);
  const std::vector<std::string> moves = moves_of(doc["plays"]);
  EXPECT_NE(std::find(moves.begin(), moves.end(), "8/5 6/5"), moves.end());
  for (const json& p : doc["plays"]) {
    EXPECT_TRUE(p["game_over"].is_null());
    EXPECT_EQ(p["steps"].size(), 2u);
  }
  // Dice as an array; every other game from its start.
  for (const char* variant : {"plakoto", "tawla31", "fevga", "longnardy"}) {
    auto [s, d] = server_->post(
        "/api/moves", json{{"variant", variant}, {"position", "start"}, {"dice", {6, 5}}});
    ASSERT_EQ(s, 200) << variant << d;
    EXPECT_GE(d["plays"].size(), 1u) << variant;
  }
  // A play that ends the game says so.
  auto [s5, end] =
      server_->post("/api/moves", json{{"position", "x 2:1 off:14; o 1:15"}, {"dice", "21"}});
  ASSERT_EQ(s5, 200) << end;
  ASSERT_EQ(end["plays"].size(), 1u);
  EXPECT_EQ(end["plays"][0]["game_over"]["winner"], "x");
  EXPECT_EQ(end["plays"][0]["game_over"]["kind"], "backgammon");
  EXPECT_EQ(end["plays"][0]["game_over"]["points"], 3);
}

TEST_F(ApiServer, HintRanksThePlaysAtTheAskedPly) {
  for (int ply : {0, 1}) {
    auto [status, doc] =
        server_->post("/api/hint", json{{"position", kOpening}, {"dice", "31"}, {"ply", ply}});
    ASSERT_EQ(status, 200) << doc;
    EXPECT_EQ(doc["ply"], ply);
    EXPECT_EQ(doc["legal_plays"], 16);
    ASSERT_EQ(doc["plays"].size(), 10u);  // top 10 by default
    EXPECT_EQ(doc["plays"][0]["move"], "8/5 6/5") << doc;
    EXPECT_EQ(doc["plays"][0]["difference"], 0.0);
    // Ranked as gnubg ranks them: the plays valued deeper first, each ply's plays by equity.
    for (size_t i = 1; i < doc["plays"].size(); ++i) {
      const json &play = doc["plays"][i], &above = doc["plays"][i - 1];
      EXPECT_LE(play["ply"].get<int>(), above["ply"].get<int>());
      if (play["ply"] == above["ply"]) {
        EXPECT_LE(play["equity"].get<double>(), above["equity"].get<double>());
      }
      EXPECT_EQ(play["rank"], int(i) + 1);
    }
  }
  auto [s, all] =
      server_->post("/api/hint", json{{"position", kOpening}, {"dice", "31"}, {"top", 0}});
  ASSERT_EQ(s, 200);
  EXPECT_EQ(all["plays"].size(), 16u);
  auto [s2, fevga] = server_->post(
      "/api/hint", json{{"variant", "fevga"}, {"position", "start"}, {"dice", "64"}, {"ply", 1}});
  ASSERT_EQ(s2, 200) << fevga;
  EXPECT_GE(fevga["plays"].size(), 1u);
}

TEST_F(ApiServer, EvalGivesProbabilitiesAndTheCubefulEquityWhereThereIsACube) {
  auto [status, doc] = server_->post("/api/eval", json{{"position", kOpening}, {"ply", 1}});
  ASSERT_EQ(status, 200) << doc;
  const double win = doc["probabilities"]["win"];
  EXPECT_GT(win, 0.45);
  EXPECT_LT(win, 0.60);
  EXPECT_TRUE(doc["cubeful_equity"].is_number());
  EXPECT_EQ(doc["match"], false);
  auto [s2, plakoto] =
      server_->post("/api/eval", json{{"variant", "plakoto"}, {"position", "start"}});
  ASSERT_EQ(s2, 200) << plakoto;
  EXPECT_TRUE(plakoto["cubeful_equity"].is_null());  // Plakoto has no cube
}

TEST_F(ApiServer, CubeAnalysesMoneyAndMatchPlay) {
  const char* racing = "x 6:3 5:3 4:3 3:2 2:2 1:2; o 19:3 20:3 21:3 22:2 23:2 24:1 off:1";
  auto [s1, money] = server_->post("/api/cube", json{{"position", racing}});
  ASSERT_EQ(s1, 200) << money;
  EXPECT_EQ(money["match"], false);
  EXPECT_TRUE(money["no_double"].is_number());
  EXPECT_TRUE(money["double_take"].is_number());
  EXPECT_EQ(money["double_pass"], 1.0);
  EXPECT_FALSE(money["action"].get<std::string>().empty());
  auto [s2, match] = server_->post("/api/cube", json{{"position", racing},
                                                     {"match_length", 7},
                                                     {"score", {2, 4}},
                                                     {"cube", 2},
                                                     {"cube_owner", "me"}});
  ASSERT_EQ(s2, 200) << match;
  EXPECT_EQ(match["match"], true);
  EXPECT_EQ(match["redouble"], true);
  EXPECT_EQ(match["match_length"], 7);
  EXPECT_TRUE(match["mwc"]["proper"].is_number());
  // A Match ID carries the match: 7 points, score and cube from the ID.
  auto [s3, id] = server_->post("/api/cube", json{{"position", "4HPwATDgc/ABMA:cAnrADAAKAAE"}});
  ASSERT_EQ(s3, 200) << id;
  EXPECT_EQ(id["match_length"], 7);
  // The Crawford game: nobody may double.
  auto [s4, crawford] = server_->post(
      "/api/cube", json{{"position", racing}, {"match_length", 5}, {"score", {4, 2}}});
  ASSERT_EQ(s4, 200) << crawford;
  EXPECT_EQ(crawford["crawford"], true);
  EXPECT_EQ(crawford["doubler"], "cannot_double");
}

// A resignation by the side on roll: the bot accepts what is worth at least playing on.
TEST_F(ApiServer, ResignIsAcceptedWhenItConcedesAtLeastTheBotsValue) {
  // The resigner (x) has all 15 checkers in the bot's home board; the bot (o) has 2 left: the bot
  // wins a backgammon nearly always. A single game is declined, a backgammon accepted.
  const char* lost = "x 24:15; o 1:2 off:13";
  auto [s1, single] = server_->post("/api/resign", json{{"position", lost}, {"resign", "single"}});
  ASSERT_EQ(s1, 200) << single;
  EXPECT_EQ(single["accepted"], false) << single;
  EXPECT_EQ(single["points"], 1);
  EXPECT_GT(single["play_on"].get<double>(), 1.5);  // mostly gammons and backgammons
  EXPECT_EQ(single["units"], "points per unit of cube");
  auto [s2, bg] = server_->post("/api/resign",
                                json{{"position", lost}, {"resign", "backgammon"}, {"dice", "21"}});
  ASSERT_EQ(s2, 200) << bg;
  EXPECT_EQ(bg["accepted"], true) << bg;
  EXPECT_EQ(bg["points"], 3);
  // Match play: match winning chances; at 4-away it is all the bot needs.
  auto [s3, match] = server_->post(
      "/api/resign",
      json{{"position", lost}, {"resign", "single"}, {"match_length", 5}, {"score", {0, 4}}});
  ASSERT_EQ(s3, 200) << match;
  EXPECT_EQ(match["accepted"], true) << match;
  EXPECT_EQ(match["units"], "match winning chance");
  EXPECT_DOUBLE_EQ(match["accept"].get<double>(), 1.0);
  // A level the game does not have, or no such level: 400 naming "resign".
  auto [s4, tawla] = server_->post(
      "/api/resign", json{{"variant", "tawla31"}, {"position", "start"}, {"resign", "gammon"}});
  EXPECT_EQ(s4, 400) << tawla;
  EXPECT_EQ(tawla["field"], "resign");
  auto [s5, unknown] = server_->post("/api/resign", json{{"position", lost}, {"resign", "all"}});
  EXPECT_EQ(s5, 400) << unknown;
  EXPECT_EQ(unknown["field"], "resign");
}

// Each bad request: 400 and the field it names.
TEST_F(ApiServer, BadRequestsGet400NamingTheField) {
  const std::vector<std::tuple<std::string, std::string, std::string>> cases = {
      {"/api/moves", R"({"position": "nonsense!", "dice": "31"})", "position"},
      {"/api/moves", R"({"position": "4HPwATDgc/ABMA", "dice": "71"})", "dice"},
      {"/api/moves", R"({"position": "4HPwATDgc/ABMA"})", "dice"},
      {"/api/moves", R"({"dice": "31"})", "position"},
      {"/api/moves", R"({"position": "4HPwATDgc/ABMA", "dice": "31", "variant": "chess"})",
       "variant"},
      {"/api/moves", R"({"position": "4HPwATDgc/ABMA", "dice": "31", "rules": "nope"})", "rules"},
      {"/api/moves", R"({"position": "4HPwATDgc/ABMA", "dice": "31", "colour": "red"})", "colour"},
      {"/api/moves", R"({"position": 17, "dice": "31"})", "position"},
      {"/api/moves", R"({"variant": "longnardy", "position": "4HPwATDgc/ABMA", "dice": "31"})",
       "position"},
      {"/api/hint", R"({"position": "4HPwATDgc/ABMA", "dice": "31", "ply": 9})", "ply"},
      {"/api/hint", R"({"position": "4HPwATDgc/ABMA", "dice": "31", "ply": "two"})", "ply"},
      {"/api/cube", R"({"position": "4HPwATDgc/ABMA", "score": [1, 2]})", "score"},
      {"/api/cube", R"({"position": "4HPwATDgc/ABMA", "match_length": 5, "score": [5, 2]})",
       "score"},
      {"/api/cube", R"({"position": "4HPwATDgc/ABMA", "cube": 3})", "cube"},
      {"/api/cube", R"({"position": "4HPwATDgc/ABMA", "cube_owner": "bob"})", "cube_owner"},
      {"/api/cube", R"({"variant": "plakoto", "position": "start"})", "variant"},
      {"/api/rollout", R"({"position": "4HPwATDgc/ABMA", "trials": 0})", "trials"},
      {"/api/rollout", R"({"variant": "fevga", "position": "start", "cubeful": true})", "cubeful"},
      {"/api/analyze", R"({"ply": 0})", "match_file"},
      {"/api/analyze", R"({"match_file": 7})", "match_file"},
      {"/api/analyze", R"({"match_file": "not a match"})", "match_file"},
      {"/api/analyze",
       R"({"match_file": " 3 point match\n\n Game 1\n a : 0   b : 0\n  1) 31: 8/4 6/5\n"})",
       "match_file"},  // 8/4 is not a play of 31
      {"/api/analyze", R"({"match_file": "(;FF[4]GM[6]MI[length:3]"})", "match_file"},
      {"/api/analyze", R"({"match_file": " 3 point match\n", "ply": 9})", "ply"},
      {"/api/analyze", R"({"match_file": " 3 point match\n", "luck_ply": -1})", "luck_ply"},
      {"/api/analyze", R"({"match_file": " 3 point match\n", "cubeless": "yes"})", "cubeless"},
      {"/api/analyze", R"({"match_file": " 3 point match\n", "plies": 2})", "plies"},
  };
  for (const auto& [path, body, field] : cases) {
    auto [status, doc] = server_->post(path, body);
    EXPECT_EQ(status, 400) << path << " " << body << " " << doc;
    EXPECT_EQ(doc["field"], field) << path << " " << body << " " << doc;
    EXPECT_FALSE(doc["error"].get<std::string>().empty()) << body;
  }
  // Not JSON at all, or not an object: no field to name.
  for (const std::string body : {"{\"position\": ", "[1, 2]", "", "\xff\xfe"}) {
    auto [status, doc] = server_->post("/api/hint", body);
    EXPECT_EQ(status, 400) << body << doc;
    EXPECT_TRUE(doc["field"].is_null()) << body << doc;
    EXPECT_TRUE(doc["error"].is_string()) << body;
  }
  auto [s404, missing] = server_->get("/api/nothing");
  EXPECT_EQ(s404, 404);
  EXPECT_TRUE(missing["error"].is_string());
}

TEST(ApiServerLimits, BodyOverTheLimitGets413) {
  api::ServerOptions options;
  options.max_body = 512;
  TestServer server(options);
  const std::string padding(2000, ' ');
  auto [status, doc] = server.post(
      "/api/moves", "{\"position\": \"4HPwATDgc/ABMA\", \"dice\": \"31\"" + padding + "}");
  EXPECT_EQ(status, 413) << doc;
  EXPECT_TRUE(doc["error"].is_string()) << doc;
  auto [ok, small] =
      server.post("/api/moves", json{{"position", "4HPwATDgc/ABMA"}, {"dice", "31"}});
  EXPECT_EQ(ok, 200) << small;
  // httplib caps a body typed as a form (curl -d's default) at 8 KiB: the message says so.
  api::ServerOptions large;
  large.max_body = 1 << 20;
  TestServer server2(large);
  httplib::Client c = server2.client();
  httplib::Result form =
      c.Post("/api/analyze", std::string(9000, 'x'), "application/x-www-form-urlencoded");
  ASSERT_TRUE(form);
  EXPECT_EQ(form->status, 413);
  EXPECT_NE(form->body.find("Content-Type: application/json"), std::string::npos) << form->body;
}

TEST(ApiServerLimits, RequestPastItsTimeGets503) {
  api::ApiLimits limits;
  limits.timeout_seconds = 1e-6;
  TestServer server({}, limits);
  auto [status, doc] =
      server.post("/api/hint", json{{"position", "4HPwATDgc/ABMA"}, {"dice", "31"}, {"ply", 2}});
  EXPECT_EQ(status, 503) << doc;
  EXPECT_NE(doc["error"].get<std::string>().find("--timeout"), std::string::npos) << doc;
}

json wait_for_job(const TestServer& server, const std::string& id,
                  const std::string& kind = "rollout") {
  json doc;
  for (int i = 0; i < 3000; ++i) {
    auto [status, d] = server.get("/api/" + kind + "/" + id);
    EXPECT_EQ(status, 200) << d;
    doc = d;
    if (doc["status"] != "running") break;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return doc;
}

TEST(ApiServerRollout, JobRunsToItsResultAndCanBeCancelled) {
  api::JobLimits jl;
  jl.max_running = 1;
  jl.threads_per_job = 1;
  TestServer server({}, {}, jl);
  // Two plays of 31, 72 truncated trials each.
  auto [s1, started] = server.post("/api/rollout", json{{"position", "4HPwATDgc/ABMA"},
                                                        {"dice", "31"},
                                                        {"candidates", 2},
                                                        {"trials", 72},
                                                        {"truncate", 4}});
  ASSERT_EQ(s1, 200) << started;
  const std::string id = started["id"];
  EXPECT_EQ(started["total"], 144);
  const json done = wait_for_job(server, id);
  ASSERT_EQ(done["status"], "done") << done;
  EXPECT_EQ(done["done"], 144);
  ASSERT_EQ(done["result"]["results"].size(), 2u);
  const json& first = done["result"]["results"][0];
  EXPECT_EQ(first["trials"], 72);
  EXPECT_TRUE(first["equity"]["se"].is_number());
  EXPECT_EQ(first["equity"]["ci95"].size(), 2u);

  // A long one: the job limit refuses a second, DELETE stops it.
  auto [s2, long_job] =
      server.post("/api/rollout", json{{"position", "4HPwATDgc/ABMA"}, {"trials", 100000}});
  ASSERT_EQ(s2, 200) << long_job;
  auto [s3, refused] =
      server.post("/api/rollout", json{{"position", "4HPwATDgc/ABMA"}, {"trials", 10}});
  EXPECT_EQ(s3, 429) << refused;
  // Cancel once some trials are played (a fixed wait saw none on a loaded machine): what is kept
  // of a cancelled job is what it had played.
  const std::string long_id = long_job["id"].get<std::string>();
  for (int i = 0; i < 3000; ++i) {
    auto [status, d] = server.get("/api/rollout/" + long_id);
    ASSERT_EQ(status, 200) << d;
    if (d["done"].get<int>() > 0) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  auto [s4, cancelled] = server.del("/api/rollout/" + long_id);
  ASSERT_EQ(s4, 200) << cancelled;
  // DELETE waits up to 5 s for the trials under way; on a loaded machine (CI runs tests side by
  // side) they can take longer, and the job then ends soon after.
  if (cancelled["status"] == "running") cancelled = wait_for_job(server, long_id);
  EXPECT_EQ(cancelled["status"], "cancelled") << cancelled;
  EXPECT_LT(cancelled["done"].get<int>(), 100000);
  // The trials played before the cancel are kept, marked as cut short.
  ASSERT_TRUE(cancelled.contains("result")) << cancelled;
  const json& partial = cancelled["result"]["results"][0];
  EXPECT_EQ(partial["stopped"], true);
  EXPECT_GT(partial["trials"].get<int>(), 0);
  EXPECT_LT(partial["trials"].get<int>(), 100000);
  EXPECT_TRUE(partial["equity"]["mean"].is_number());
  auto [s5, unknown] = server.get("/api/rollout/r999-000000");
  EXPECT_EQ(s5, 404) << unknown;
  // The slot is free again.
  auto [s6, again] = server.post(
      "/api/rollout", json{{"position", "4HPwATDgc/ABMA"}, {"trials", 4}, {"truncate", 2}});
  EXPECT_EQ(s6, 200) << again;
  EXPECT_EQ(wait_for_job(server, again["id"])["status"], "done");
}

std::string match_file(const std::string& name) {
  return testing_support::slurp_file(std::string(NARD_SOURCE_DIR) + "/tests/data/matches/" + name);
}

// A match analysis as a job: its result is `nard analyze --json`'s document; the job limit, the
// cancel and the ids of another kind of job.
TEST(ApiServerAnalyze, JobGivesTheCliDocumentAndCanBeCancelled) {
  api::JobLimits jl;
  jl.max_running = 1;
  jl.threads_per_job = 1;
  TestServer server({}, {}, jl);
  auto [s1, started] = server.post(
      "/api/analyze", json{{"match_file", match_file("gnubg_3p_seed42.mat")}, {"ply", 0}});
  ASSERT_EQ(s1, 200) << started;
  EXPECT_EQ(started["kind"], "analyze");
  EXPECT_GT(started["total"].get<int>(), 0);
  const std::string id = started["id"];
  const json done = wait_for_job(server, id, "analyze");
  ASSERT_EQ(done["status"], "done") << done;
  EXPECT_EQ(done["done"], done["total"]);
  const testing_support::CliRun cli = testing_support::run_nard(
      std::string("analyze ") + NARD_SOURCE_DIR +
      "/tests/data/matches/gnubg_3p_seed42.mat --ply 0 --json --quiet --threads 1");
  ASSERT_EQ(cli.exit_code, 0) << cli.err;
  EXPECT_EQ(done["result"], json::parse(cli.out));
  EXPECT_EQ(done["result"]["settings"]["ply"], 0);
  EXPECT_EQ(done["result"]["positions"], done["total"]);
  // An analyze id is not a rollout's, and an unknown id is a 404.
  EXPECT_EQ(server.get("/api/rollout/" + id).first, 404);
  EXPECT_EQ(server.get("/api/analyze/a999-000000").first, 404);
  EXPECT_EQ(server.del("/api/analyze/a999-000000").first, 404);

  // gnubg's SGF of the match, cubeless, luck at 1 ply.
  auto [s2, sgf] =
      server.post("/api/analyze", json{{"match_file", match_file("gnubg_3p_seed42.sgf")},
                                       {"ply", 0},
                                       {"luck_ply", 1},
                                       {"cubeless", true}});
  ASSERT_EQ(s2, 200) << sgf;
  const json sgf_done = wait_for_job(server, sgf["id"], "analyze");
  ASSERT_EQ(sgf_done["status"], "done") << sgf_done;
  EXPECT_EQ(sgf_done["result"]["settings"]["cubeful"], false);
  EXPECT_EQ(sgf_done["result"]["settings"]["luck_ply"], 1);
  EXPECT_EQ(sgf_done["result"]["settings"]["match_length"], 3);
  EXPECT_GT(sgf_done["result"]["positions"].get<int>(), 0);

  // A long one (an 11-point match at 2 ply): the job limit refuses another, DELETE stops it.
  auto [s3, long_job] = server.post(
      "/api/analyze", json{{"match_file", match_file("gnubg_11p_seed19.mat")}, {"ply", 2}});
  ASSERT_EQ(s3, 200) << long_job;
  auto [s4, refused] = server.post(
      "/api/analyze", json{{"match_file", match_file("gnubg_3p_seed42.mat")}, {"ply", 0}});
  EXPECT_EQ(s4, 429) << refused;
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  auto [s5, cancelled] = server.del("/api/analyze/" + long_job["id"].get<std::string>());
  ASSERT_EQ(s5, 200) << cancelled;
  EXPECT_EQ(cancelled["status"], "cancelled") << cancelled;
  EXPECT_LT(cancelled["done"].get<int>(), cancelled["total"].get<int>());
  EXPECT_FALSE(cancelled.contains("result"));
}

// The CLI's --json prints the API's documents: the same fields, the same values.
TEST_F(ApiServer, CliJsonIsTheApisDocument) {
  const char* racing = "x 6:3 5:3 4:3 3:2 2:2 1:2; o 19:3 20:3 21:3 22:2 23:2 24:1 off:1";
  const std::vector<std::tuple<std::string, std::string, json>> cases = {
      {"moves 4HPwATDgc/ABMA 31 --json", "/api/moves", {{"position", kOpening}, {"dice", "31"}}},
      {"moves start 65 --variant plakoto --json",
       "/api/moves",
       {{"variant", "plakoto"}, {"position", "start"}, {"dice", "65"}}},
      {std::string("cube \"") + racing + "\" --ply 1 --json",
       "/api/cube",
       {{"position", racing}, {"ply", 1}}},
      {std::string("cube \"") + racing + "\" --match 7 --score 4-5 --json",
       "/api/cube",
       {{"position", racing}, {"match_length", 7}, {"score", {4, 5}}}},
      // hint and eval: the same plays with the same equities, cubeful by default as the CLI.
      {"hint 4HPwATDgc/ABMA 31 --json", "/api/hint", {{"position", kOpening}, {"dice", "31"}}},
      {"hint 4HPwATDgc/ABMA 31 --ply 2 --top 5 --json",
       "/api/hint",
       {{"position", kOpening}, {"dice", "31"}, {"ply", 2}, {"top", 5}}},
      {"hint 4HPwATDgc/ABMA 31 --cubeless --json",
       "/api/hint",
       {{"position", kOpening}, {"dice", "31"}, {"cubeless", true}}},
      {"hint 4HPwATDgc/ABMA:cAnrADAAKAAE 31 --ply 1 --json",
       "/api/hint",
       {{"position", "4HPwATDgc/ABMA:cAnrADAAKAAE"}, {"dice", "31"}, {"ply", 1}}},
      {"hint 4HPwATDgc/ABMA 42 --match 7 --score 6-3 --json",
       "/api/hint",
       {{"position", kOpening}, {"dice", "42"}, {"match_length", 7}, {"score", {6, 3}}}},
      {"hint start 65 --variant plakoto --json",
       "/api/hint",
       {{"variant", "plakoto"}, {"position", "start"}, {"dice", "65"}}},
      {"eval 4HPwATDgc/ABMA --ply 1 --json", "/api/eval", {{"position", kOpening}, {"ply", 1}}},
      {"eval 4HPwATDgc/ABMA --cubeless --json",
       "/api/eval",
       {{"position", kOpening}, {"cubeless", true}}},
      {std::string("eval \"") + racing + "\" --match 7 --score 4-5 --json",
       "/api/eval",
       {{"position", racing}, {"match_length", 7}, {"score", {4, 5}}}},
      {"eval start --variant tawla31 --json",
       "/api/eval",
       {{"variant", "tawla31"}, {"position", "start"}}},
  };
  for (const auto& [args, path, body] : cases) {
    const testing_support::CliRun r = testing_support::run_nard(args);
    ASSERT_EQ(r.exit_code, 0) << args << "\n" << r.err;
    auto [status, doc] = server_->post(path, body);
    ASSERT_EQ(status, 200) << doc;
    EXPECT_EQ(json::parse(r.out), doc) << args;
  }
}

TEST_F(ApiServer, ServesTheWebPage) {
  httplib::Client c = server_->client();
  httplib::Result page = c.Get("/");
  ASSERT_TRUE(page);
  EXPECT_EQ(page->status, 200);
  EXPECT_NE(page->get_header_value("Content-Type").find("text/html"), std::string::npos);
  EXPECT_NE(page->body.find("<title>nard"), std::string::npos);
  httplib::Result missing = c.Get("/no-such-file.js");
  ASSERT_TRUE(missing);
  EXPECT_EQ(missing->status, 404);
}

}  // namespace
}  // namespace nard
