#include "play/turn_analysis_bytes.h"

namespace nard {

namespace {

// An enum stored as its underlying byte; read back only when it names one of the first `count`
// values.
template <class E>
void put_enum(ByteWriter& out, E value) {
  out.put(static_cast<uint8_t>(value));
}
template <class E>
bool get_enum(ByteReader& in, E& value, int count) {
  uint8_t raw = 0;
  if (!in.get(raw) || raw >= count) return false;
  value = static_cast<E>(raw);
  return true;
}

template <class T>
void put_optional(ByteWriter& out, const std::optional<T>& value) {
  out.put<uint8_t>(value.has_value());
  if (value) out.put(*value);
}
template <class T>
bool get_optional(ByteReader& in, std::optional<T>& value) {
  uint8_t has = 0;
  if (!in.get(has) || has > 1) return false;
  value.reset();
  if (!has) return true;
  T v{};
  if (!in.get(v)) return false;
  value = v;
  return true;
}

void put_decision(ByteWriter& out, const CubeDecision& d) {
  out.put(d.match);
  out.put(d.redouble);
  put_enum(out, d.doubler);
  put_enum(out, d.taker);
  out.put_string(d.cannot_double_reason);
  for (double x :
       {d.cube_life, d.cubeless, d.no_double, d.double_take, d.double_pass, d.double_beaver,
        d.equity, d.mwc_cubeless, d.mwc_no_double, d.mwc_double_take, d.mwc_double_pass, d.mwc,
        d.take_point, d.take_point_dead, d.take_point_live, d.cash_point})
    out.put(x);
}
bool get_decision(ByteReader& in, CubeDecision& d) {
  bool ok = in.get(d.match) && in.get(d.redouble) && get_enum(in, d.doubler, 4) &&
            get_enum(in, d.taker, 3) && in.get_string(d.cannot_double_reason);
  for (double* x :
       {&d.cube_life, &d.cubeless, &d.no_double, &d.double_take, &d.double_pass, &d.double_beaver,
        &d.equity, &d.mwc_cubeless, &d.mwc_no_double, &d.mwc_double_take, &d.mwc_double_pass,
        &d.mwc, &d.take_point, &d.take_point_dead, &d.take_point_live, &d.cash_point})
    ok = ok && in.get(*x);
  return ok;
}

void put_cube(ByteWriter& out, const CubeAnalysis& c) {
  put_decision(out, c.decision);
  out.put(c.doubled);
  put_enum(out, c.response);
  out.put(c.close);
  put_enum(out, c.skill);
  put_enum(out, c.response_skill);
  for (double x :
       {c.error, c.cost, c.response_error, c.response_cost, c.no_double, c.take, c.pass, c.optimal})
    out.put(x);
}
bool get_cube(ByteReader& in, CubeAnalysis& c) {
  bool ok = get_decision(in, c.decision) && in.get(c.doubled) && get_enum(in, c.response, 5) &&
            in.get(c.close) && get_enum(in, c.skill, 4) && get_enum(in, c.response_skill, 4);
  for (double* x : {&c.error, &c.cost, &c.response_error, &c.response_cost, &c.no_double, &c.take,
                    &c.pass, &c.optimal})
    ok = ok && in.get(*x);
  return ok;
}

void put_play(ByteWriter& out, const CheckerAnalysis& c) {
  out.put(c.legal_plays);
  out.put(c.played);
  out.put(c.error);
  out.put(c.cost);
  put_enum(out, c.skill);
  out.put<uint64_t>(c.options.size());
  for (const PlayOption& o : c.options) {
    out.put_string(o.move);
    out.put(o.after);
    out.put(o.value);
  }
}
bool get_play(ByteReader& in, CheckerAnalysis& c) {
  uint64_t n = 0;
  if (!(in.get(c.legal_plays) && in.get(c.played) && in.get(c.error) && in.get(c.cost) &&
        get_enum(in, c.skill, 4) && in.get(n)))
    return false;
  // One by one: a count beyond the bytes fails at the first short read, before it allocates.
  c.options.clear();
  for (uint64_t k = 0; k < n; ++k) {
    PlayOption& o = c.options.emplace_back();
    if (!(in.get_string(o.move) && in.get(o.after) && in.get(o.value))) return false;
  }
  return c.played >= -1 && c.played < int(c.options.size());
}

}  // namespace

void put_turn_result(ByteWriter& out, const TurnAnalysis& t) {
  out.put<uint8_t>(t.cube.has_value());
  if (t.cube) put_cube(out, *t.cube);
  put_optional(out, t.luck);
  put_optional(out, t.luck_cost);
  put_enum(out, t.luck_mark);
  out.put<uint8_t>(t.play.has_value());
  if (t.play) put_play(out, *t.play);
  out.put(t.p0_win);
  out.put(t.p0_mwc);
}

bool get_turn_result(ByteReader& in, TurnAnalysis& t) {
  uint8_t has_cube = 0, has_play = 0;
  if (!in.get(has_cube) || has_cube > 1) return false;
  t.cube.reset();
  if (has_cube && !get_cube(in, t.cube.emplace())) return false;
  if (!(get_optional(in, t.luck) && get_optional(in, t.luck_cost) && get_enum(in, t.luck_mark, 5) &&
        in.get(has_play) && has_play <= 1))
    return false;
  t.play.reset();
  if (has_play && !get_play(in, t.play.emplace())) return false;
  return in.get(t.p0_win) && in.get(t.p0_mwc);
}

}  // namespace nard
