package dev.hyson.cli;

import dev.hyson.JsonReader;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code hyson validate}: checks each document. Silent for one valid document; prints
 * {@code FILE: valid} per valid document when there are several or with {@code --verbose}.
 */
@Command(name = "validate", sortOptions = false, usageHelpAutoWidth = true, abbreviateSynopsis = true,
        description = "Check that each document is valid JSON; errors give line, column and byte.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:every document is valid",
            "1:a document is invalid or could not be read",
            "2:usage error",
        })
final class ValidateCommand extends InputCommand {
    @Option(names = {"-v", "--verbose"}, order = 20, description = "Print FILE: valid even for a single document.")
    boolean verbose;

    ValidateCommand(Context ctx) {
        super(ctx);
    }

    @Override
    void handle(Input input, Input.Document doc, JsonReader reader, int count) {
        reader.parse(doc.bytes, 0, doc.length);
        if (verbose || count > 1) {
            ctx.out.println(input.name() + ": valid");
            ctx.out.flush();
        }
    }
}
