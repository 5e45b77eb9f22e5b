#include "search/cube/dave.h"

#include "search/cube/money.h"

namespace nard {

Result<std::vector<CubeRaise>> money_raise_table(const GameOdds& shape, double cube_life,
                                                 const Rules& rules, int count) {
  if (!rules.cube) return make_error("this game has no doubling cube");
  Result<std::vector<int>> stakes = cube_stakes(rules, 1);
  if (!stakes) return stakes.error();
  std::vector<CubeRaise> table;
  const std::vector<int>& s = stakes.value();
  for (int i = 0; i + 1 < int(s.size()) && i < count; ++i) {
    CubeView cube;
    cube.value = s[i];
    cube.owner = i == 0 ? CubeHolder::Centred : CubeHolder::Me;
    cube.turned = i > 0;
    Result<CubeDecision> d = analyse_money_cube(shape, cube, cube_life, rules);
    if (!d) return d.error();
    Result<DoublingWindow> w = money_doubling_window(shape, cube, cube_life, rules);
    if (!w) return w.error();
    CubeRaise r;
    r.from = s[i];
    r.to = s[i + 1];
    r.take_point_dead = d->take_point_dead;
    r.take_point_live = d->take_point_live;
    r.take_point = d->take_point;
    r.double_point = w->double_point;
    r.cash_point = w->cash_point;
    r.too_good_point = w->too_good_point;
    table.push_back(r);
  }
  return table;
}

double dead_take_point(double ratio, double points_per_win, double points_per_loss) {
  return (points_per_win - 1.0 / ratio) / (points_per_win + points_per_loss);
}

}  // namespace nard
