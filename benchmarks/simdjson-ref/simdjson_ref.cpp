// Reference point for hyson's parse benchmarks: simdjson's DOM parse (simdjson::dom::parser) of
// whole files, in MB/s (10^6 bytes of input per second). For each file: load it once into a padded
// buffer, parse it WARMUP times untimed, then time RUNS single parses and report the best and the
// median. The parser is reused, as simdjson recommends, so its buffers are allocated once.
//
// Usage: simdjson_ref [-n RUNS] [-w WARMUP] FILE...
// Built by build.sh against Debian's libsimdjson-dev; see ../README.md.
#include <simdjson.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

int main(int argc, char **argv) {
    int runs = 200;
    int warmup = 50;
    std::vector<const char *> files;
    for (int i = 1; i < argc; i++) {
        if (std::strcmp(argv[i], "-n") == 0 && i + 1 < argc) {
            runs = std::atoi(argv[++i]);
        } else if (std::strcmp(argv[i], "-w") == 0 && i + 1 < argc) {
            warmup = std::atoi(argv[++i]);
        } else if (argv[i][0] == '-') {
            std::fprintf(stderr, "usage: %s [-n RUNS] [-w WARMUP] FILE...\n", argv[0]);
            return 2;
        } else {
            files.push_back(argv[i]);
        }
    }
    if (files.empty() || runs < 1 || warmup < 0) {
        std::fprintf(stderr, "usage: %s [-n RUNS] [-w WARMUP] FILE...\n", argv[0]);
        return 2;
    }
    std::printf("simdjson %d.%d.%d, kernel %s (%s), best and median of %d parses after %d warm-up parses\n",
                int(simdjson::SIMDJSON_VERSION_MAJOR), int(simdjson::SIMDJSON_VERSION_MINOR),
                int(simdjson::SIMDJSON_VERSION_REVISION), simdjson::get_active_implementation()->name().c_str(),
                simdjson::get_active_implementation()->description().c_str(), runs, warmup);
    std::printf("%-24s %12s %12s %12s\n", "file", "bytes", "best MB/s", "median MB/s");

    simdjson::dom::parser parser;
    int status = 0;
    for (const char *file : files) {
        simdjson::padded_string json;
        if (auto error = simdjson::padded_string::load(file).get(json)) {
            std::fprintf(stderr, "%s: cannot load: %s\n", file, simdjson::error_message(error));
            status = 1;
            continue;
        }
        simdjson::dom::element doc;
        if (auto error = parser.parse(json).get(doc)) {
            std::fprintf(stderr, "%s: invalid JSON: %s\n", file, simdjson::error_message(error));
            status = 1;
            continue;
        }
        for (int i = 0; i < warmup; i++) {
            if (parser.parse(json).get(doc)) {
                return 1;  // parsed once above: cannot fail now
            }
        }
        std::vector<double> seconds;
        seconds.reserve(runs);
        for (int i = 0; i < runs; i++) {
            auto start = std::chrono::steady_clock::now();
            auto error = parser.parse(json).get(doc);
            auto end = std::chrono::steady_clock::now();
            if (error) {
                std::fprintf(stderr, "%s: parse failed: %s\n", file, simdjson::error_message(error));
                return 1;
            }
            seconds.push_back(std::chrono::duration<double>(end - start).count());
        }
        std::sort(seconds.begin(), seconds.end());
        const char *name = std::strrchr(file, '/');
        name = name ? name + 1 : file;
        double mb = json.size() / 1e6;
        std::printf("%-24s %12zu %12.0f %12.0f\n", name, json.size(), mb / seconds.front(), mb / seconds[seconds.size() / 2]);
    }
    return status;
}
