package dev.hyson.cli;

import dev.hyson.JsonWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code hyson pretty}: writes each document indented, one member or element per line. */
@Command(name = "pretty", sortOptions = false, usageHelpAutoWidth = true, abbreviateSynopsis = true,
        description = "Write each JSON document indented, one member or element per line.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:every document was written",
            "1:a document was invalid or could not be read or written",
            "2:usage error",
            "3:out of memory (raise the heap: JAVA_OPTS=-Xmx2g), or an internal error",
        })
final class PrettyCommand extends WriteCommand {
    @Option(names = "--indent", paramLabel = "N", order = 19,
            description = "Spaces per level, 0 to 16 (default: ${DEFAULT-VALUE}).")
    int indent = 2;

    PrettyCommand(Context ctx) {
        super(ctx);
    }

    @Override
    void layout(JsonWriter.Builder b) {
        try {
            b.indent(indent);
        } catch (IllegalArgumentException e) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), "--indent: " + e.getMessage(), e);
        }
    }

    @Override
    boolean isPretty() {
        return true;
    }
}
