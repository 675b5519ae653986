/*
 * Issue 8's "options worth measuring": Debian's simdjson (libsimdjson-dev, C++) on the
 * benchmark request, next to insetd-bench's stages. Prints, in µs per call, the best of
 * three rounds of ITERATIONS (default 20,000):
 *   - a DOM parse: the whole document validated into simdjson's tape (compare
 *     insetd-bench's "parse", insetd's own tape);
 *   - the same, then a visit of every key and value (numbers as doubles, strings as
 *     views, nothing built);
 *   - an On-Demand walk visiting every key and value the same way.
 * Compare the last two with insetd-bench's "fast decode", which reads the body and also
 * builds the engine's request. A measurement, not a dependency of insetd: bench/PERF.md
 * (session 16) has the figures and why insetd does not use it.
 *
 *   apt-get install -y libsimdjson-dev
 *   g++ -O3 -std=c++17 bench/simdjson-probe/probe.cpp -lsimdjson -o /tmp/simdjson-probe
 *   /tmp/simdjson-probe ../shared/bench/layout-31.json [ITERATIONS]
 */
#include <simdjson.h>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
using namespace simdjson;
static double sink = 0;
#define STRINGIFY_(x) #x
#define STRINGIFY(x) STRINGIFY_(x)

// Visits every value On-Demand: each key unescaped, numbers as doubles, strings as views.
static error_code visit(ondemand::value v);
static error_code visit_object(ondemand::object o) {
    for (auto field : o) {
        std::string_view key;
        if (auto e = field.unescaped_key().get(key)) return e;
        sink += key.size();
        ondemand::value child;
        if (auto e = field.value().get(child)) return e;
        if (auto e = visit(child)) return e;
    }
    return SUCCESS;
}
static error_code visit(ondemand::value v) {
    ondemand::json_type t;
    if (auto e = v.type().get(t)) return e;
    switch (t) {
    case ondemand::json_type::object: { ondemand::object o; if (auto e = v.get_object().get(o)) return e; return visit_object(o); }
    case ondemand::json_type::array: {
        ondemand::array a; if (auto e = v.get_array().get(a)) return e;
        for (auto item : a) { ondemand::value c; if (auto e = item.get(c)) return e; if (auto e = visit(c)) return e; }
        return SUCCESS; }
    case ondemand::json_type::number: { double d; if (auto e = v.get_double().get(d)) return e; sink += d; return SUCCESS; }
    case ondemand::json_type::string: { std::string_view s; if (auto e = v.get_string().get(s)) return e; sink += s.size(); return SUCCESS; }
    case ondemand::json_type::boolean: { bool b; if (auto e = v.get_bool().get(b)) return e; sink += b; return SUCCESS; }
    case ondemand::json_type::null: return SUCCESS;
    }
    return SUCCESS;
}

// The same visit over a parsed DOM.
static void visit(dom::element e) {
    switch (e.type()) {
    case dom::element_type::OBJECT:
        for (auto field : dom::object(e)) { sink += field.key.size(); visit(field.value); }
        break;
    case dom::element_type::ARRAY:
        for (auto item : dom::array(e)) visit(item);
        break;
    case dom::element_type::INT64: case dom::element_type::UINT64: case dom::element_type::DOUBLE:
        sink += double(e); break;
    case dom::element_type::STRING: sink += std::string_view(e).size(); break;
    case dom::element_type::BOOL: sink += bool(e); break;
    case dom::element_type::NULL_VALUE: break;
    }
}

template <class F> static double best_us(int iterations, F f) {
    double best = 1e9;
    for (int round = 0; round < 3; round++) {
        auto start = std::chrono::steady_clock::now();
        for (int i = 0; i < iterations; i++) f();
        double us = std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start).count() / iterations;
        if (us < best) best = us;
    }
    return best;
}

int main(int argc, char **argv) {
    if (argc < 2) { fprintf(stderr, "usage: probe BODY.json [ITERATIONS]\n"); return 2; }
    int iterations = argc > 2 ? atoi(argv[2]) : 20000;
    padded_string body;
    if (padded_string::load(argv[1]).get(body)) { fprintf(stderr, "cannot read %s\n", argv[1]); return 1; }
    dom::parser dom_parser;
    ondemand::parser od_parser;
    double dom = best_us(iterations, [&] {
        dom::element root; if (dom_parser.parse(body).get(root)) abort(); sink += root.is_object();
    });
    double dom_walk = best_us(iterations, [&] {
        dom::element root; if (dom_parser.parse(body).get(root)) abort(); visit(root);
    });
    double od = best_us(iterations, [&] {
        ondemand::document doc; if (od_parser.iterate(body).get(doc)) abort();
        ondemand::object o; if (doc.get_object().get(o)) abort();
        if (visit_object(o)) abort();
    });
    printf("simdjson %s (%s), %zu B, best of 3 x %d\n", STRINGIFY(SIMDJSON_VERSION), get_active_implementation()->name().c_str(), body.size(), iterations);
    printf("  DOM parse                  %8.2f us\n", dom);
    printf("  DOM parse, every value     %8.2f us\n", dom_walk);
    printf("  On-Demand, every value     %8.2f us\n", od);
    return sink == 42 ? 1 : 0;
}
