// hyson's C scan and simdjson's DOM parse timed side by side in one process, interleaved scan by
// scan, so that the host's slow and fast phases (this machine's timings move by 2x within seconds)
// fall on both alike: the ratio of the medians is the figure to read, not either speed alone.
//
// For each file: load it once into simdjson's padded buffer (hyson reads the same bytes, and never
// past their end), warm both up, then RUNS rounds of [simdjson parse, hyson scan with each kernel],
// each timed alone. Prints the median MB/s (10^6 input bytes per second) of each and each kernel's
// ratio to simdjson. hyson's tape is what ScanBench measures; simdjson's DOM is the same work (a tape
// with parsed numbers and unescaped strings) plus copying every string.
//
// Usage: scan_vs_simdjson [-n RUNS] [-w WARMUP] [-k KERNEL[,KERNEL...]] FILE...  (default: every kernel)
// Built by build.sh (with hyson's C core from benchmarks/target/hyson-core); see ../README.md.
#include <simdjson.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "hyson/hyson.h"

namespace {

double seconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

}  // namespace

int main(int argc, char **argv) {
    int runs = 200;
    int warmup = 30;
    std::vector<const hyson_kernel *> kernels;
    std::vector<const char *> files;
    for (int i = 1; i < argc; i++) {
        if (std::strcmp(argv[i], "-n") == 0 && i + 1 < argc) {
            runs = std::atoi(argv[++i]);
        } else if (std::strcmp(argv[i], "-w") == 0 && i + 1 < argc) {
            warmup = std::atoi(argv[++i]);
        } else if (std::strcmp(argv[i], "-k") == 0 && i + 1 < argc) {
            std::string list = argv[++i];
            size_t from = 0;
            while (from <= list.size()) {
                size_t comma = list.find(',', from);
                std::string name = list.substr(from, comma == std::string::npos ? std::string::npos : comma - from);
                const hyson_kernel *k = hyson_kernel_named(name.c_str());
                if (k == nullptr) {
                    std::fprintf(stderr, "kernel %s: not available on this CPU\n", name.c_str());
                    return 2;
                }
                kernels.push_back(k);
                if (comma == std::string::npos) {
                    break;
                }
                from = comma + 1;
            }
        } else if (argv[i][0] == '-') {
            std::fprintf(stderr, "usage: %s [-n RUNS] [-w WARMUP] [-k KERNEL[,KERNEL...]] FILE...\n", argv[0]);
            return 2;
        } else {
            files.push_back(argv[i]);
        }
    }
    if (files.empty() || runs < 1 || warmup < 0) {
        std::fprintf(stderr, "usage: %s [-n RUNS] [-w WARMUP] [-k KERNEL[,KERNEL...]] FILE...\n", argv[0]);
        return 2;
    }
    if (kernels.empty()) {
        for (size_t i = 0; i < hyson_kernel_count(); i++) {
            kernels.push_back(hyson_kernel_at(i));
        }
    }
    std::printf("simdjson %d.%d.%d (%s) and hyson (best here: %s), median MB/s of %d interleaved rounds\n",
                int(simdjson::SIMDJSON_VERSION_MAJOR), int(simdjson::SIMDJSON_VERSION_MINOR),
                int(simdjson::SIMDJSON_VERSION_REVISION), simdjson::get_active_implementation()->name().c_str(),
                hyson_kernel_best()->name, runs);
    std::printf("%-20s %10s", "file", "simdjson");
    for (const hyson_kernel *k : kernels) {
        std::printf(" %10s %6s", k->name, "ratio");
    }
    std::printf("\n");

    hyson_config config{};
    config.max_string_length = INT64_MAX;
    config.max_document_length = INT64_MAX;
    config.max_depth = 1000;
    config.max_number_length = 1000;
    config.flags = 0;
    config.origin = 0;
    hyson_tape tape;
    hyson_tape_init(&tape);
    simdjson::dom::parser parser;
    int status = 0;
    for (const char *file : files) {
        simdjson::padded_string json;
        if (auto error = simdjson::padded_string::load(file).get(json)) {
            std::fprintf(stderr, "%s: cannot load: %s\n", file, simdjson::error_message(error));
            status = 1;
            continue;
        }
        const uint8_t *src = reinterpret_cast<const uint8_t *>(json.data());
        size_t length = json.size();
        simdjson::dom::element doc;
        bool valid = !parser.parse(json).get(doc);
        for (const hyson_kernel *k : kernels) {
            valid = valid && hyson_scan(src, 0, length, &config, k, &tape) == HYSON_OK;
        }
        if (!valid) {
            std::fprintf(stderr, "%s: not valid JSON for simdjson or hyson\n", file);
            status = 1;
            continue;
        }
        std::vector<double> simd;
        std::vector<std::vector<double>> ours(kernels.size());
        for (int i = -warmup; i < runs; i++) {
            auto start = std::chrono::steady_clock::now();
            bool failed = parser.parse(json).get(doc) != simdjson::SUCCESS;
            double t = seconds_since(start);
            if (i >= 0) {
                simd.push_back(t);
            }
            for (size_t j = 0; j < kernels.size(); j++) {
                start = std::chrono::steady_clock::now();
                failed |= hyson_scan(src, 0, length, &config, kernels[j], &tape) != HYSON_OK;
                t = seconds_since(start);
                if (i >= 0) {
                    ours[j].push_back(t);
                }
            }
            if (failed) {
                return 1;  // both succeeded above: cannot fail now
            }
        }
        const char *name = std::strrchr(file, '/');
        name = name ? name + 1 : file;
        double mb = length / 1e6;
        double reference = mb / median(simd);
        std::printf("%-20s %10.0f", name, reference);
        for (size_t j = 0; j < kernels.size(); j++) {
            double speed = mb / median(ours[j]);
            std::printf(" %10.0f %6.2f", speed, speed / reference);
        }
        std::printf("\n");
    }
    hyson_tape_free(&tape);
    return status;
}
