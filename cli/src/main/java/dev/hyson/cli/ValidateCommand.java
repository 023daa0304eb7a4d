package dev.hyson.cli;

import dev.hyson.JsonParseException;
import dev.hyson.JsonReader;
import java.io.IOException;
import java.io.InputStream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code hyson validate}: checks each document, streamed (the scan alone, window by window: no value
 * is built and memory stays one window whatever the input's length). Silent for one valid document;
 * prints {@code FILE: valid} per valid document when there are several or with {@code --verbose}.
 * JSON Lines: every bad line is reported as {@code FILE:LINE:COLUMN: message}, then
 * {@code FILE: N of M lines invalid}.
 */
@Command(name = "validate", sortOptions = false, usageHelpAutoWidth = true, abbreviateSynopsis = true,
        description = {
            "Check that each document is valid JSON; errors give line, column and byte.",
            "The input is scanned as it is read, in bounded memory. JSON Lines (--ndjson, default for *.ndjson "
                    + "and *.jsonl): each bad line is reported as FILE:LINE:COLUMN: message, then the count.",
        },
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:every document (every line) is valid",
            "1:a document or line is invalid, or an input could not be read",
            "2:usage error",
            "3:out of memory (raise the heap: JAVA_OPTS=-Xmx2g), or an internal error",
        })
final class ValidateCommand extends InputCommand {
    @Option(names = {"-v", "--verbose"}, order = 20, description = "Print FILE: valid even for a single document.")
    boolean verbose;

    @Mixin
    LinesOption linesOption;

    ValidateCommand(Context ctx) {
        super(ctx);
    }

    @Override
    LinesOption linesOption() {
        return linesOption;
    }

    @Override
    void handle(Input input, JsonReader reader, int count) throws IOException {
        try (InputStream in = input.open(ctx)) {
            if (lines(input)) {
                validateLines(input, in, reader, count);
                return;
            }
            reader.validate(in);
        }
        if (verbose || count > 1) {
            ctx.out.println(input.name() + ": valid");
            ctx.out.flush();
        }
    }

    private void validateLines(Input input, InputStream in, JsonReader reader, int count) {
        long[] bad = {0};
        String name = input.name();
        // the lines are scanned a window per call and no values are built
        long good = reader.lines().onError(e -> {
            bad[0]++;
            JsonParseException x = e.exception();
            ctx.error(name + ":" + x.line() + ":" + x.column() + ": " + inFlags(x.getMessage()));
        }).validate(in);
        long total = good + bad[0];
        if (bad[0] > 0) {
            ctx.error(name + ": " + bad[0] + " of " + total + " lines invalid");
            throw new Reported();
        }
        if (verbose || count > 1) {
            ctx.out.println(name + ": valid (" + total + (total == 1 ? " line)" : " lines)"));
            ctx.out.flush();
        }
    }
}
