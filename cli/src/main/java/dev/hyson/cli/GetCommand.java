package dev.hyson.cli;

import dev.hyson.JsonParseException;
import dev.hyson.JsonPointer;
import dev.hyson.JsonPointerException;
import dev.hyson.JsonReader;
import dev.hyson.JsonWriteException;
import dev.hyson.JsonWriter;
import dev.hyson.lazy.LazyValue;
import dev.hyson.stream.JsonParser;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code hyson get FILE POINTER...}: prints the values JSON Pointers (RFC 6901) name, one per line,
 * compact (strings raw with {@code --raw}, as {@code jq -r}). A document is streamed to each value
 * ({@code JsonParser.skipTo}: the values before it skipped undecoded, nothing after it read); JSON
 * Lines give one result per line and pointer, each line a lazy document viewing the reader's window
 * ({@code JsonLines.forEachDocument}).
 */
@Command(name = "get", sortOptions = false, usageHelpAutoWidth = true, abbreviateSynopsis = true,
        description = {
            "Print the values that JSON Pointers (RFC 6901, e.g. /statuses/0/user/name) name, one per line, as "
                    + "compact JSON (strings unquoted with --raw).",
            "A document is read only as far as each value, the values before it skipped without being decoded: "
                    + "what follows the value is not checked (an error there may or may not be reported, as far as the "
                    + "scan had read ahead), and --max-document-length applies to what was read. Of repeated member names the first is taken (here --duplicate-keys "
                    + "defaults to first; last or error apply to the values printed and to JSON Lines). JSON Lines "
                    + "(--ndjson, default for *.ndjson and *.jsonl): one result per line and POINTER; a bad line is "
                    + "reported as FILE:LINE:COLUMN: message.",
        },
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:every POINTER named a value (on every line)",
            "1:the input is invalid or could not be read",
            "2:usage error (a malformed POINTER included)",
            "3:out of memory (raise the heap: JAVA_OPTS=-Xmx2g), or an internal error",
            "4:a POINTER names no value (a missing member, an index out of range, a token into a string, number "
                    + "or literal); the others are still printed",
        })
final class GetCommand implements Callable<Integer> {
    /** The exit code when a pointer names no value. */
    static final int MISSING = 4;

    private final Context ctx;

    @Spec
    CommandSpec spec;

    @Mixin
    ReaderOptions readerOptions;

    @Option(names = {"-r", "--raw"}, order = 1, description = "Print strings without quotes or escapes, as jq -r does.")
    boolean raw;

    @Parameters(index = "0", paramLabel = "FILE", description = "The input; - is standard input.")
    String file;

    @Parameters(index = "1..*", arity = "1..*", paramLabel = "POINTER",
            description = "JSON Pointers: \"\" is the whole value, /a/0 member a's first element, ~1 a '/' in a name, "
                    + "~0 a '~'.")
    List<String> pointers = new ArrayList<>();

    @Mixin
    LinesOption linesOption;

    @Option(names = {"-h", "--help"}, usageHelp = true, order = 100, description = "Print this help, then exit.")
    boolean help;

    private JsonWriter writer;
    private int missing;

    GetCommand(Context ctx) {
        this.ctx = ctx;
    }

    @Override
    public Integer call() {
        List<JsonPointer> parsed = new ArrayList<>();
        for (String p : pointers) {
            try {
                parsed.add(JsonPointer.parse(p));
            } catch (JsonPointerException e) {
                throw new picocli.CommandLine.ParameterException(spec.commandLine(), e.getMessage());
            }
        }
        if (!spec.commandLine().getParseResult().hasMatchedOption("--duplicate-keys")) {
            // a document is streamed to its value, which meets the first of repeated names: JSON Lines and
            // the values printed take the first too (a lookup then stops at it)
            readerOptions.duplicateKeys = dev.hyson.DuplicateKeyPolicy.FIRST_WINS;
        }
        JsonReader reader = readerOptions.reader(ctx, spec);
        writer = JsonWriter.builder()
                .allowNonFinite(readerOptions.allowNan)
                // a value the reader accepted is never too deep to write
                .maxDepth(readerOptions.maxDepth == Integer.MAX_VALUE ? Integer.MAX_VALUE : readerOptions.maxDepth + 1)
                .build();
        Input input = Input.resolve(List.of(file), ctx).get(0);
        ctx.activity = "reading " + input.name();
        ctx.inputLength = input.length();
        try {
            if (linesOption.lines(input)) {
                return lines(input, reader, parsed);
            }
            document(input, reader, parsed);
        } catch (IOException e) {
            ctx.error(input.name() + ": cannot read: " + Input.describe(e));
            return Main.FAILED;
        } catch (UncheckedIOException e) {
            ctx.error(input.name() + ": cannot read: " + Input.describe(e.getCause()));
            return Main.FAILED;
        } catch (JsonParseException e) {
            ctx.error(input.name() + ": " + InputCommand.inFlags(e.getMessage()));
            return Main.FAILED;
        } catch (JsonWriteException e) {
            ctx.error(input.name() + ": cannot print the value: " + InputCommand.inFlags(e.getMessage()));
            return Main.FAILED;
        }
        if (!flushed()) {
            return Main.FAILED;
        }
        return missing > 0 ? MISSING : Main.OK;
    }

    /** Flushes standard output; false (reported) when it could not be written, e.g. a full disk. */
    private boolean flushed() {
        ctx.flush();
        if (ctx.out.checkError()) {
            ctx.error("cannot write to standard output");
            return false;
        }
        return true;
    }

    /** One document: a pass per pointer, each streamed up to its value (standard input read once, kept). */
    private void document(Input input, JsonReader reader, List<JsonPointer> pointers) throws IOException {
        Input.Document held = input.reopenable() || pointers.size() == 1 ? null : input.read(ctx, readerOptions.wholeDocumentLimit());
        for (JsonPointer pointer : pointers) {
            try (InputStream in = held != null ? new ByteArrayInputStream(held.bytes, 0, held.length) : input.open(ctx);
                    JsonParser p = reader.parser(in)) {
                if (p.skipTo(pointer)) {
                    print(p.readValue());
                } else {
                    missing++;
                    ctx.error(input.name() + ": no value at \"" + pointer + "\"");
                }
            }
        }
    }

    /** JSON Lines: each line a lazy document, each pointer looked up in it. */
    private int lines(Input input, JsonReader reader, List<JsonPointer> pointers) throws IOException {
        long[] bad = {0};
        String name = input.name();
        ctx.out.flush(); // what was printed before goes first: the lines' values go to the byte stream
        try (InputStream in = input.open(ctx)) {
            // each line a view of the reader's window (nothing copied), valid during the action; scanned on
            // this thread: a lookup per line is too little work to pay for hand-overs to a read-ahead thread
            // (1 GB of JSON Lines: 1.55 s without one, 1.83-1.90 s with)
            reader.lines().readAhead(false).onError(e -> {
                bad[0]++;
                JsonParseException x = e.exception();
                ctx.error(name + ":" + x.line() + ":" + x.column() + ": " + InputCommand.inFlags(x.getMessage()));
            }).forEachDocument(in, doc -> {
                for (JsonPointer pointer : pointers) {
                    try {
                        print(doc.at(pointer));
                    } catch (JsonPointerException e) {
                        missing++;
                        ctx.error(name + ":" + doc.line() + ": " + e.getMessage());
                    } catch (JsonParseException e) {
                        // a repeated name under --duplicate-keys error: an error of this line, the others go on
                        bad[0]++;
                        ctx.error(name + ":" + e.line() + ":" + e.column() + ": " + InputCommand.inFlags(e.getMessage()));
                        break;
                    } catch (JsonWriteException e) {
                        bad[0]++;
                        ctx.error(name + ":" + doc.line() + ": cannot print the value: " + InputCommand.inFlags(e.getMessage()));
                    }
                }
            });
        }
        if (!flushed() || bad[0] > 0) {
            return Main.FAILED;
        }
        return missing > 0 ? MISSING : Main.OK;
    }

    /**
     * Prints a value of a line as UTF-8 bytes straight to standard output (nothing else prints to it
     * while lines are read; the text writer was flushed before): an integer or (with --raw) a string
     * without building it first, anything else written from the line's tape.
     */
    private void print(LazyValue v) {
        byte[] text;
        if (v.type() == dev.hyson.bind.ValueType.INTEGER) {
            text = Long.toString(v.asLong()).getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        } else if (raw && v.isString()) {
            text = v.asString().getBytes(java.nio.charset.StandardCharsets.UTF_8);
        } else {
            text = writer.writeBytes(v);
        }
        try {
            ctx.stdout.write(text, 0, text.length);
            ctx.stdout.write('\n');
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private void print(Object value) {
        if (raw && value instanceof String) {
            ctx.out.println((String) value);
        } else {
            ctx.out.println(writer.write(value));
        }
    }
}
