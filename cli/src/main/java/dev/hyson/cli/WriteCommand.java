package dev.hyson.cli;

import dev.hyson.JsonReader;
import dev.hyson.JsonWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * A command that parses each document and writes it again, followed by one newline, to standard
 * output or to {@code -o OUT}. Output is streamed through a buffer. {@code OUT} is written as an
 * {@link OutputFile}: a temporary file moved onto it when every document was handled, so a run with
 * any failure (an invalid document, a write error, no memory left) leaves an existing file as it
 * was, and an input may be rewritten in place.
 */
abstract class WriteCommand extends InputCommand {
    @Option(names = {"-o", "--output"}, paramLabel = "OUT", order = 20,
            description = "Write to OUT instead of standard output (documents one after another). OUT is replaced "
                    + "only when every document was handled (through a temporary file in its directory); "
                    + "after any failure it is left as it was.")
    Path output;

    @Option(names = "--ascii-only", order = 21, description = "Escape every non-ASCII character as \\uXXXX.")
    boolean asciiOnly;

    @Option(names = "--script-safe", order = 22,
            description = "Also escape /, U+2028 and U+2029, for embedding in HTML <script> or JavaScript.")
    boolean scriptSafe;

    @Option(names = "--sort-keys", order = 23, description = "Write object members sorted by name.")
    boolean sortKeys;

    private JsonWriter writer;
    private OutputStream target;
    private OutputFile file;

    WriteCommand(Context ctx) {
        super(ctx);
    }

    /** Sets the layout: pretty with its indent, or compact. */
    abstract void layout(JsonWriter.Builder b);

    @Override
    final void prepare() {
        writer();
    }

    @Override
    final void handle(Input input, Input.Document doc, JsonReader reader, int count) {
        Object value = reader.parse(doc.bytes, 0, doc.length);
        JsonWriter w = writer();
        byte[] whole = null;
        if (readerOptions.allowOverflow && !readerOptions.allowNan) {
            // an infinity from an overflowed number cannot be written: find out before any output
            whole = w.writeBytes(value);
        }
        OutputStream out = target();
        try {
            if (whole != null) {
                out.write(whole);
            } else {
                w.write(value, out);
            }
            out.write('\n');
        } catch (IOException e) {
            throw abandon(InputCommand.OutputFailure.of(targetName(), e));
        } catch (UncheckedIOException e) {
            throw abandon(InputCommand.OutputFailure.of(targetName(), e));
        }
    }

    /** Drops the broken output without flushing it again, so the failure is reported once. */
    private InputCommand.OutputFailure abandon(InputCommand.OutputFailure failure) {
        if (file != null) {
            file.abort(failure);
            file = null;
        }
        target = null;
        return failure;
    }

    private JsonWriter writer() {
        if (writer == null) {
            JsonWriter.Builder b = JsonWriter.builder()
                    .asciiOnly(asciiOnly)
                    .scriptSafe(scriptSafe)
                    .sortKeys(sortKeys)
                    .allowNonFinite(readerOptions.allowNan)
                    // a document the reader accepted is never too deep to write
                    .maxDepth(readerOptions.maxDepth == Integer.MAX_VALUE ? Integer.MAX_VALUE : readerOptions.maxDepth + 1);
            layout(b);
            writer = b.build();
        }
        return writer;
    }

    private OutputStream target() {
        if (target == null) {
            if (output == null) {
                target = ctx.stdout;
            } else {
                try {
                    file = OutputFile.open(output);
                    target = file.stream();
                } catch (IOException e) {
                    throw InputCommand.OutputFailure.of(targetName(), e);
                }
            }
        }
        return target;
    }

    private String targetName() {
        return output == null ? "<stdout>" : output.toString();
    }

    @Override
    final void finish(boolean success) {
        if (target == null) {
            return;
        }
        try {
            if (file == null) {
                target.close(); // standard output: flushed, left open
            } else if (success) {
                file.commit();
            } else {
                file.abort(null);
            }
        } catch (IOException e) {
            throw InputCommand.OutputFailure.of(targetName(), e);
        } finally {
            target = null;
            file = null;
        }
    }
}
