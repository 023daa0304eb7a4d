package dev.hyson.cli;

import picocli.CommandLine.Option;

/** {@code --ndjson} and {@code --no-ndjson} (or {@code --json}): whether an input is JSON Lines (a picocli mixin). */
final class LinesOption {
    @Option(names = "--ndjson", negatable = true, order = 30,
            description = "Read JSON Lines (NDJSON): one value per line, each checked and handled on its own. "
                    + "Default: on for FILEs named *.ndjson or *.jsonl; --no-ndjson (or --json) reads any "
                    + "input as one document.")
    Boolean ndjson;

    @Option(names = "--json", order = 31, description = "Read each input as one JSON document (same as --no-ndjson).")
    boolean json;

    /** @return whether the command line chose documents ({@code --no-ndjson} or {@code --json}), so no hint suggests --ndjson */
    boolean documentsChosen() {
        return json || Boolean.FALSE.equals(ndjson);
    }

    /** @return whether {@code input} is read as JSON Lines */
    boolean lines(Input input) {
        if (json) {
            return false;
        }
        return ndjson != null ? ndjson : input.namedAsLines();
    }
}
