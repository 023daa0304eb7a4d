package dev.hyson.cli;

import dev.hyson.JsonReader;
import dev.hyson.JsonWriter;
import java.util.stream.Stream;

import dev.hyson.JsonParseException;
import dev.hyson.JsonWriteException;
import dev.hyson.msgpack.MessagePackException;
import dev.hyson.msgpack.MessagePackFactory;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code hyson convert --to msgpack|json [FILE|-] [-o OUT]}: converts one JSON document to
 * MessagePack, or every MessagePack value of the input to JSON, one per line, as the values arrive
 * (the JSON form of what JSON lacks is described in {@link MessagePackFactory.JsonForm}).
 */
@Command(name = "convert", sortOptions = false, usageHelpAutoWidth = true, abbreviateSynopsis = true,
        description = {
            "Convert JSON to MessagePack (--to msgpack) or MessagePack to JSON (--to json).",
            "MessagePack to JSON is streamed: each value of the input is written as it is read, one per line, "
                    + "and an array element by element. "
                    + "bin becomes a base64 string, a timestamp an RFC 3339 string, another extension "
                    + "{\"$ext\":{\"type\":T,\"data\":\"base64\"}}; with --lossless everything JSON lacks is tagged "
                    + "so that converting back gives the same MessagePack (but for a map's repeated keys: "
                    + "the last value is kept, at the first key's place).",
        },
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:the input was converted",
            "1:the input was invalid or could not be read or written",
            "2:usage error",
            "3:out of memory (raise the heap: JAVA_OPTS=-Xmx2g), or an internal error",
        })
final class ConvertCommand implements Callable<Integer> {
    /** The output format. */
    enum Format { MSGPACK, JSON }

    private final Context ctx;

    @Option(names = "--to", required = true, paramLabel = "FORMAT", order = 1,
            description = "Output format: msgpack or json.")
    Format to;

    @Option(names = "--lossless", order = 2,
            description = "Use the lossless JSON form (tags such as {\"$bin\":...}, {\"$float32\":...}, {\"$map\":[[k,v]]}) "
                    + "in both directions.")
    boolean lossless;

    @Option(names = "--force", order = 3,
            description = "With --to json: convert input that looks like JSON text (printable bytes are valid "
                    + "MessagePack too, as small integers) instead of refusing it.")
    boolean force;

    @Option(names = "--max-depth", paramLabel = "N", order = 4,
            description = "Refuse MessagePack (or JSON) nested deeper than N levels (default: 1000).")
    Integer maxDepth;

    @Option(names = "--replace-invalid-utf8", order = 5,
            description = "With --to json: read a str that is not well-formed UTF-8 with U+FFFD in place of the bad bytes "
                    + "(default: fail).")
    boolean replaceInvalidUtf8;

    @Option(names = {"-o", "--output"}, paramLabel = "OUT", order = 6,
            description = "Write to OUT instead of standard output (- is standard output; binary MessagePack is fine on a pipe). OUT is "
                    + "replaced only when the conversion succeeded (through a temporary file in its directory).")
    Path output;

    @Parameters(paramLabel = "FILE", arity = "0..1",
            description = "The input; - is standard input. Default: standard input when it is a pipe or a file, "
                    + "else (for --to msgpack) the bundled sample.")
    String file;

    @picocli.CommandLine.Mixin
    LinesOption linesOption;

    @Option(names = "--sample", order = 99,
            description = "Read the bundled sample document (whatever standard input is), instead of FILE; --to msgpack only.")
    boolean sample;

    @Option(names = {"-h", "--help"}, usageHelp = true, order = 100, description = "Print this help, then exit.")
    boolean help;

    ConvertCommand(Context ctx) {
        this.ctx = ctx;
    }

    /** Converts; see the class documentation for the exit code. */
    @Override
    public Integer call() {
        ctx.limitOptions = false; // none to advise lowering when memory runs out
        if (output != null && output.toString().equals("-")) {
            output = null; // -o - is standard output, as - is standard input
        }
        if (sample && (to == Format.JSON || file != null)) {
            ctx.error((file != null ? "--sample takes no FILE" : "--sample applies to --to msgpack only (the sample is JSON)")
                    + "; try 'hyson convert --help'");
            return Main.USAGE;
        }
        if (to == Format.MSGPACK && (force || replaceInvalidUtf8)) {
            ctx.error((force ? "--force" : "--replace-invalid-utf8") + " applies to --to json (MessagePack input) only;"
                    + " try 'hyson convert --help'");
            return Main.USAGE;
        }
        MessagePackFactory.Builder b = MessagePackFactory.builder()
                .jsonForm(lossless ? MessagePackFactory.JsonForm.LOSSLESS : MessagePackFactory.JsonForm.DOCUMENTED);
        if (maxDepth != null) {
            if (maxDepth < 1) {
                ctx.error("--max-depth must be at least 1: " + maxDepth + "; try 'hyson convert --help'");
                return Main.USAGE;
            }
            b.maxDepth(maxDepth);
        }
        if (replaceInvalidUtf8) {
            b.invalidUtf8(MessagePackFactory.Utf8Policy.REPLACE);
        }
        if (to == Format.JSON) {
            // MessagePack to JSON streams (arrays element by element): the length of the input and of one
            // array do not bound memory, so neither is limited; a map, read whole, is bounded by the heap
            b.maxDocumentLength(Long.MAX_VALUE).maxContainerSize(Long.MAX_VALUE);
        }
        MessagePackFactory factory = b.build();
        return to == Format.MSGPACK ? toMsgpack(factory) : toJson(factory);
    }

    private int toMsgpack(MessagePackFactory factory) {
        List<String> files = new ArrayList<>();
        if (file != null) {
            files.add(file);
        }
        Input input = sample ? Input.sample() : Input.resolve(files, ctx).get(0);
        ctx.activity = "reading " + input.name();
        ctx.inputLength = input.length();
        if (linesOption.lines(input)) {
            return linesToMsgpack(input, factory);
        }
        if (!lossless && input.length() >= 0) {
            Integer streamed = fileToMsgpack(input, factory);
            if (streamed != null) {
                return streamed;
            }
        }
        Input.Document doc;
        try {
            // validated as it is read: an error (a device of zeros) stops the read at once
            doc = input.readValidated(ctx, JsonReader.builder().maxDepth(maxDepth != null ? maxDepth : MessagePackFactory.DEFAULT_MAX_DEPTH)
                    .build(), JsonReader.DEFAULT_MAX_DOCUMENT_LENGTH);
        } catch (IOException e) {
            ctx.error(input.name() + ": cannot read: " + Input.describe(e));
            return Main.FAILED;
        }
        byte[] packed;
        try {
            if (doc.error != null) {
                throw doc.error;
            }
            packed = factory.fromJson(doc.bytes, 0, doc.length);
        } catch (JsonParseException e) {
            ctx.error(input.name() + ": " + inFlags(withoutForeignHint(e)) + linesHint(e) + (e.offset() == 0 && looksLikeMsgpack(doc.bytes, doc.length)
                    ? "; this looks like MessagePack: to convert it to JSON use --to json" : ""));
            return Main.FAILED;
        } catch (MessagePackException e) {
            ctx.error(input.name() + ": " + inFlags(e.getMessage()));
            return Main.FAILED;
        }
        ctx.activity = "writing " + targetName();
        OutputFile out = null;
        try {
            out = open();
            stream(out).write(packed);
            close(out);
            out = null;
        } catch (IOException e) {
            ctx.error(targetName() + ": cannot write: " + Input.describe(e));
            return Main.FAILED;
        } finally {
            abort(out);
        }
        return Main.OK;
    }

    /**
     * A JSON file to MessagePack by {@link dev.hyson.msgpack.MessagePacker#packJson(java.nio.file.Path)}:
     * the file read twice (the first pass counts each container's members), in memory that does not grow
     * with the text (a document whose tree would differ is converted whole there).
     *
     * @return the exit code
     */
    private Integer fileToMsgpack(Input input, MessagePackFactory factory) {
        OutputFile[] out = {null};
        boolean[] writing = {false};
        try {
            out[0] = open();
            OutputStream target = stream(out[0]);
            OutputStream marked = new java.io.FilterOutputStream(target) {
                @Override
                public void write(byte[] b, int off, int len) throws IOException {
                    try {
                        target.write(b, off, len);
                    } catch (IOException e) {
                        writing[0] = true; // the output's failure, not the input's
                        throw e;
                    }
                }

                @Override
                public void write(int b) throws IOException {
                    write(new byte[] {(byte) b}, 0, 1);
                }

                @Override
                public void flush() throws IOException {
                    try {
                        target.flush(); // standard output writes its buffer here
                    } catch (IOException e) {
                        writing[0] = true;
                        throw e;
                    }
                }
            };
            factory.newPacker(marked).packJson(java.nio.file.Path.of(input.name())).flush();
            ctx.activity = "writing " + targetName();
            close(out[0]);
            out[0] = null;
            return Main.OK;
        } catch (JsonParseException e) {
            byte[] head = new byte[0];
            try (java.io.InputStream in = input.open(ctx)) {
                head = in.readNBytes(HEAD);
            } catch (IOException ignored) {
                // the hint is only a hint
            }
            ctx.error(input.name() + ": " + inFlags(withoutForeignHint(e)) + linesHint(e) + (e.offset() == 0 && looksLikeMsgpack(head, head.length)
                    ? "; this looks like MessagePack: to convert it to JSON use --to json" : ""));
            return Main.FAILED;
        } catch (MessagePackException e) {
            ctx.error(input.name() + ": " + inFlags(e.getMessage()));
            return Main.FAILED;
        } catch (UncheckedIOException | IOException e) {
            // before the output is open only reading can fail; after it, the message names the output
            IOException cause = e instanceof UncheckedIOException ? ((UncheckedIOException) e).getCause() : (IOException) e;
            ctx.error((writing[0] || out[0] == null && output != null ? targetName() + ": cannot write: "
                    : input.name() + ": cannot read: ") + Input.describe(cause));
            return Main.FAILED;
        } finally {
            abort(out[0]);
        }
    }

    /**
     * JSON Lines to MessagePack: each line's value packed as it is read, the values one after another
     * (a MessagePack stream, which {@code --to json} turns back into JSON Lines).
     */
    private int linesToMsgpack(Input input, MessagePackFactory factory) {
        JsonReader reader = JsonReader.builder().maxDepth(maxDepth != null ? maxDepth : MessagePackFactory.DEFAULT_MAX_DEPTH).build();
        long[] records = {0};
        OutputFile out = null;
        try (InputStream in = input.open(ctx); Stream<Object> values = reader.lines().read(in)) {
            out = open();
            // held back (up to Rewindable.LIMIT) until the end, so that a bad line leaves no output of a small input
            Rewindable target = new Rewindable(stream(out));
            java.util.Iterator<Object> it = values.iterator();
            while (it.hasNext()) {
                Object v = it.next();
                records[0]++;
                byte[] packed;
                try {
                    packed = lossless ? factory.fromJson(JsonWriter.defaults().writeBytes(v)) : factory.pack(v);
                } catch (MessagePackException e) {
                    ctx.error(input.name() + ": record " + records[0] + ": " + inFlags(e.getMessage()));
                    return Main.FAILED;
                }
                try {
                    target.write(packed);
                } catch (IOException e) {
                    ctx.error(targetName() + ": cannot write: " + Input.describe(e));
                    return Main.FAILED;
                }
            }
            try {
                target.commit();
                close(out);
                out = null;
            } catch (IOException e) {
                ctx.error(targetName() + ": cannot write: " + Input.describe(e));
                return Main.FAILED;
            }
            return Main.OK;
        } catch (IOException e) {
            ctx.error(input.name() + ": cannot read: " + Input.describe(e));
            return Main.FAILED;
        } catch (UncheckedIOException e) {
            ctx.error(input.name() + ": cannot read: " + Input.describe(e.getCause()));
            return Main.FAILED;
        } catch (JsonParseException e) {
            ctx.error(input.name() + ": " + inFlags(withoutForeignHint(e)));
            return Main.FAILED;
        } finally {
            abort(out);
        }
    }

    private int toJson(MessagePackFactory factory) {
        InputStream in;
        String name;
        if (file == null || "-".equals(file)) {
            if (file == null && ctx.stdinKind != StdinKind.DATA) {
                ctx.error("no input given: pass a MessagePack FILE or pipe one in");
                return Main.USAGE;
            }
            if (ctx.stdinKind == StdinKind.CLOSED) {
                ctx.error("'-' names standard input, which is closed");
                return Main.USAGE;
            }
            in = ctx.in;
            name = Input.STDIN_NAME;
        } else {
            name = file;
            try {
                in = Files.newInputStream(Path.of(file));
            } catch (IOException e) {
                ctx.error(name + ": cannot read: " + Input.describe(e));
                return Main.FAILED;
            }
        }
        ctx.activity = "converting " + name;
        OutputFile out = null;
        try {
            InputStream source = in;
            byte[] first;
            try {
                // the JSON-text check wants its 64 bytes; with --force (no check) a live producer's first
                // small value is converted when it arrives
                first = force ? firstBytes(source) : source.readNBytes(HEAD);
            } catch (IOException e) {
                ctx.error(name + ": cannot read: " + Input.describe(e));
                return Main.FAILED;
            }
            if (first.length == 0) {
                ctx.error(name + ": empty input: no MessagePack value to convert");
                return Main.FAILED;
            }
            if (!force && looksLikeJson(first)) {
                // such bytes are valid MessagePack too (positive fixints), which would print one number per byte
                ctx.error(name + ": this looks like JSON text, not MessagePack; to convert JSON use --to msgpack"
                        + " (--force converts it as MessagePack)");
                return Main.FAILED;
            }
            // the first bytes again, then the rest; unlike a PushbackInputStream, a read returns what the
            // stream has instead of waiting to fill the unpacker's buffer, so live input converts as it comes
            in = new java.io.SequenceInputStream(new java.io.ByteArrayInputStream(first), source);
            out = open();
            factory.toJson(in, new GuardedOutput(stream(out), e -> InputCommand.OutputFailure.of(targetName(), e)));
            close(out);
            out = null;
            return Main.OK;
        } catch (MessagePackException e) {
            ctx.error(name + ": " + inFlags(e.getMessage()));
            return Main.FAILED;
        } catch (JsonWriteException e) {
            // a value JSON cannot hold as such (keys 1 and "1", a NaN): the lossless form tags it
            ctx.error(name + ": " + inFlags(e.getMessage()) + (lossless ? "" : "; --lossless writes every MessagePack value"));
            return Main.FAILED;
        } catch (InputCommand.OutputFailure e) {
            ctx.error(e.getMessage());
            return Main.FAILED;
        } catch (UncheckedIOException e) {
            ctx.error(name + ": " + Input.describe(e.getCause()));
            return Main.FAILED;
        } catch (IOException e) {
            ctx.error(targetName() + ": cannot write: " + Input.describe(e));
            return Main.FAILED;
        } finally {
            abort(out);
            if (in != ctx.in) {
                try {
                    in.close();
                } catch (IOException ignored) {
                    // the input was read; nothing to report
                }
            }
        }
    }

    /**
     * A JSON error's message without its hint when the hint is a reader option this command has no
     * flag for (only --max-depth is one here; the other reader flags belong to pretty, minify, ...).
     */
    static String withoutForeignHint(JsonParseException e) {
        String m = e.getMessage();
        String hint = e.detail();
        if (hint != null && hint.contains("JsonReader.Builder.") && !hint.contains("maxDepth") && m.endsWith(": " + hint)) {
            return m.substring(0, m.length() - hint.length() - 2);
        }
        return m;
    }

    /** The library's hints name builder methods; on the command line the flags are what to change. */
    /**
     * @return the other commands' hint to add --ndjson when a document read as one value has a second
     *     value on a later line (what JSON Lines looks like), else ""
     */
    private String linesHint(JsonParseException e) {
        return !linesOption.documentsChosen() && e.line() > 1 && e.getMessage().contains("expected the end of input after the value")
                ? "; if the input is JSON Lines (one value per line), add --ndjson" : "";
    }

    static String inFlags(String message) {
        return InputCommand.inFlags(message)
                .replace("MessagePackFactory.Builder.maxDepth", "--max-depth")
                .replace("use invalidUtf8(REPLACE)", "use --replace-invalid-utf8")
                .replace(" (JsonWriter.Builder.allowNonFinite(true) writes NaN and Infinity, which most parsers reject)", "");
    }

    /**
     * Whether input that failed as JSON at its first byte looks like MessagePack: it starts with a
     * byte no JSON text starts with, in the range of MessagePack's maps, arrays, strs and other
     * formats (0x80 and above), not a UTF-8 byte order mark.
     */
    static boolean looksLikeMsgpack(byte[] b, int length) {
        if (length == 0 || (b[0] & 0xFF) < 0x80) {
            return false;
        }
        return !(length >= 3 && (b[0] & 0xFF) == 0xEF && (b[1] & 0xFF) == 0xBB && (b[2] & 0xFF) == 0xBF);
    }

    /** Bytes looked at to tell JSON text from MessagePack. */
    private static final int HEAD = 64;

    /**
     * Up to {@link #HEAD} bytes from the start of MessagePack input (under --force, which skips
     * {@link #looksLikeJson}): what one read gives, then more only while more is available without
     * waiting, so that a live producer's first small value is converted when it arrives, not when 64
     * bytes have.
     *
     * @return the bytes read (none at the end of the input)
     */
    private static byte[] firstBytes(InputStream in) throws IOException {
        byte[] b = new byte[HEAD];
        int n = in.read(b, 0, HEAD);
        if (n < 0) {
            return new byte[0];
        }
        while (n < HEAD && in.available() > 0) {
            int r = in.read(b, n, HEAD - n);
            if (r < 0) {
                break;
            }
            n += r;
        }
        return java.util.Arrays.copyOf(b, n);
    }

    /**
     * Whether the first bytes of an input are JSON text: after an optional UTF-8 byte order mark and
     * whitespace, a character that starts a JSON value ({@code { [ " - 0-9 t f n}, or {@code /} of a
     * comment), and nothing but printable text, whitespace or UTF-8 beyond it; or nothing but
     * whitespace. Such bytes are valid MessagePack too (positive fixints), but MessagePack that is
     * all printable text is a sequence of small integers that happen to spell text: rare enough to
     * ask for a conscious choice ({@code --force}).
     */
    static boolean looksLikeJson(byte[] b) {
        int i = 0;
        if (b.length >= 3 && (b[0] & 0xFF) == 0xEF && (b[1] & 0xFF) == 0xBB && (b[2] & 0xFF) == 0xBF) {
            i = 3;
        }
        while (i < b.length && (b[i] == ' ' || b[i] == '\n' || b[i] == '\r' || b[i] == '\t')) {
            i++;
        }
        if (i == b.length && i > 0) {
            return true; // nothing but whitespace (and a byte order mark) so far: the head of a JSON text
        }
        if (i >= b.length || "{[\"-0123456789tfn/".indexOf(b[i]) < 0) {
            return false;
        }
        for (; i < b.length; i++) {
            int c = b[i] & 0xFF;
            if (c < 0x20 && c != '\n' && c != '\r' && c != '\t' || c == 0x7F) {
                return false;
            }
        }
        return true;
    }

    /** @return the output file of {@code -o}, or null for standard output */
    private OutputFile open() throws IOException {
        return output != null ? OutputFile.open(output) : null;
    }

    private OutputStream stream(OutputFile out) {
        return out != null ? out.stream() : ctx.stdout;
    }

    /** Puts the output file in place, or flushes standard output (which stays open). */
    private void close(OutputFile out) throws IOException {
        if (out != null) {
            out.commit();
        } else {
            ctx.stdout.close();
        }
    }

    /** After a failure: deletes the output file's temporary file (the old file stays); null does nothing. */
    private static void abort(OutputFile out) {
        if (out != null) {
            out.abort(null);
        }
    }

    private String targetName() {
        return output == null ? "<stdout>" : output.toString();
    }
}
