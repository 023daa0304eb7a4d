package dev.hyson.cli;

import dev.hyson.JsonWriter;
import picocli.CommandLine.Command;

/** {@code hyson minify}: writes each document without insignificant whitespace. */
@Command(name = "minify", sortOptions = false, usageHelpAutoWidth = true, abbreviateSynopsis = true,
        description = "Write each JSON document compactly, without insignificant whitespace.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:every document was written",
            "1:a document was invalid or could not be read or written",
            "2:usage error",
            "3:out of memory (raise the heap: JAVA_OPTS=-Xmx2g), or an internal error",
        })
final class MinifyCommand extends WriteCommand {
    MinifyCommand(Context ctx) {
        super(ctx);
    }

    @Override
    void layout(JsonWriter.Builder b) {
        b.pretty(false);
    }

    @Override
    boolean isPretty() {
        return false;
    }
}
