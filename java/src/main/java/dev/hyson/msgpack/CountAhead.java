package dev.hyson.msgpack;

import dev.hyson.JsonReader;
import dev.hyson.internal.stream.StreamParser;
import dev.hyson.internal.tape.Tape;
import dev.hyson.internal.write.RepeatedNames;
import dev.hyson.stream.JsonParser;
import dev.hyson.stream.JsonToken;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * {@link MessagePacker#packJson(Path)}: a JSON document in a file to MessagePack
 * without holding the document or its tree. A map or array header gives its member count first, so
 * the file is read twice ("count ahead"), both times window by window from the pull parser's event
 * tape, with no token objects and no strings made for names:
 * <ol>
 * <li>the first pass records each container's member count in the order the containers open (an
 * {@code int} each), and checks what the tree would change: a repeated member name (the tree keeps
 * one member, at the first name's place; names compared as bytes per place of the document's shape,
 * {@link RepeatedNames}) or an integer beyond {@code long} (the tree's {@code BigInteger});
 * <li>the second pass packs each value, each header with the next recorded count; a string without
 * escapes is copied from the input after its str header.
 * </ol>
 * The bytes equal those of {@code fromJson(byte[])} of the same text. Memory: the counts (four bytes
 * per container), one window and its tape, the name tables. Not thread-safe; one per conversion.
 */
final class CountAhead {
    private int[] counts = new int[1024];
    private int size;
    private int read;
    private RepeatedNames[] names = new RepeatedNames[16];
    private long objects;

    /**
     * Both passes.
     *
     * @param f the factory: its depth limit (it has no registered extension or user codec, which could
     *     pack a string, number or container otherwise)
     * @param json the file
     * @param out the packer, written to only when the first pass succeeded
     * @return false, with nothing written, when the document needs the whole-document conversion
     * @throws dev.hyson.JsonParseException for invalid JSON
     * @throws IOException when the file cannot be read
     */
    static boolean run(MessagePackFactory f, Path json, MessagePacker out) throws IOException {
        // no document limit: memory does not grow with the text
        JsonReader reader = JsonReader.builder().maxDepth(f.maxDepth).maxDocumentLength(Long.MAX_VALUE).build();
        return run(reader, json, () -> out);
    }

    /**
     * @param reader the JSON reader: the factory's depth limit, no document limit
     * @param json the file
     * @param out makes the packer, once the first pass succeeded
     * @return false, with nothing written, when the document needs the whole-document conversion
     * @throws dev.hyson.JsonParseException for invalid JSON
     * @throws IOException when the file cannot be read
     */
    static boolean run(JsonReader reader, Path json, java.util.function.Supplier<MessagePacker> out) throws IOException {
        CountAhead c = new CountAhead();
        try (InputStream in = Files.newInputStream(json); JsonParser p = reader.parser(in)) {
            if (!c.count(p)) {
                return false;
            }
        }
        MessagePacker packer = out.get();
        try (InputStream in = Files.newInputStream(json); JsonParser p = reader.parser(in)) {
            c.pack(p, packer);
        }
        return true;
    }

    /**
     * Reads to the end of the input after the document's value: anything but whitespace after it is
     * the error {@code fromJson(byte[])} reports (the pull parser checks that when it reads on).
     */
    private static void ended(JsonParser parser) {
        if (parser.nextToken() != null) {
            throw new IllegalStateException("a value after the document's value (a bug in hyson: the parser reads one document)");
        }
    }

    /** The first pass; false for a repeated name or a big integer. */
    private boolean count(JsonParser parser) {
        JsonToken first = parser.nextToken();
        if (first != JsonToken.START_OBJECT && first != JsonToken.START_ARRAY) {
            boolean big = first == JsonToken.NUMBER && parser.numberType() == dev.hyson.stream.NumberType.BIG_INTEGER;
            ended(parser);
            return !big;
        }
        StreamParser p = (StreamParser) parser;
        int[] open = new int[64];
        boolean[] object = new boolean[64];
        boolean nameDue = first == JsonToken.START_OBJECT;
        object[0] = nameDue;
        open[0] = push(0, nameDue);
        int depth = 1;
        long[] t = p.entries();
        int k = p.position();
        int end = p.limit();
        for (;;) {
            if (k >= end) {
                p.nextWindow();
                t = p.entries();
                k = p.position();
                end = p.limit();
            }
            long e = t[k];
            int tag = (int) (e >>> Tape.TAG_SHIFT);
            if (tag == Tape.END_OBJECT || tag == Tape.END_ARRAY) {
                if (--depth == 0) {
                    p.copiedTo(k);
                    ended(parser);
                    return true;
                }
                nameDue = object[depth - 1];
                k++;
                continue;
            }
            if (nameDue) {
                int s = tag == Tape.STR_ASCII || tag == Tape.STR_UTF8 ? p.spanStart(e, t[k + 1]) : -1;
                if (!names[depth - 1].add(e, t[k + 1], p.spans(), s, p.decodedLatin1(), p.decodedChars())) {
                    return false;
                }
                nameDue = false;
                k += 2;
                continue;
            }
            counts[open[depth - 1]]++;
            if (tag == Tape.OBJECT || tag == Tape.ARRAY) {
                if (depth == open.length) {
                    open = Arrays.copyOf(open, depth * 2);
                    object = Arrays.copyOf(object, depth * 2);
                }
                boolean obj = tag == Tape.OBJECT;
                object[depth] = obj;
                open[depth] = push(depth, obj);
                depth++;
                nameDue = obj;
                k += 2;
                continue;
            }
            if (tag == Tape.BIG_INTEGER) {
                return false;
            }
            k += tag == Tape.TRUE || tag == Tape.FALSE || tag == Tape.NULL ? 1 : 2;
            nameDue = object[depth - 1];
        }
    }

    /** A new container's count slot; for an object at depth index {@code d}, its name table begun. */
    private int push(int d, boolean isObject) {
        if (size == counts.length) {
            counts = Arrays.copyOf(counts, size * 2);
        }
        counts[size] = 0;
        if (isObject) {
            if (d >= names.length) {
                names = Arrays.copyOf(names, d * 2);
            }
            RepeatedNames r = names[d];
            if (r == null) {
                r = names[d] = new RepeatedNames();
            }
            r.begin(++objects);
        }
        return size++;
    }

    /** The second pass. */
    private void pack(JsonParser parser, MessagePacker out) {
        JsonToken first = parser.nextToken();
        if (first != JsonToken.START_OBJECT && first != JsonToken.START_ARRAY) {
            out.packValue(parser.readValue());
            return;
        }
        StreamParser p = (StreamParser) parser;
        int depth = 1;
        header(out, first == JsonToken.START_OBJECT);
        long[] t = p.entries();
        int k = p.position();
        int end = p.limit();
        for (;;) {
            if (k >= end) {
                p.nextWindow();
                t = p.entries();
                k = p.position();
                end = p.limit();
            }
            long e = t[k];
            switch ((int) (e >>> Tape.TAG_SHIFT)) {
                case Tape.END_OBJECT:
                case Tape.END_ARRAY:
                    if (--depth == 0) {
                        p.copiedTo(k);
                        return;
                    }
                    k++;
                    break;
                case Tape.OBJECT:
                    header(out, true);
                    depth++;
                    k += 2;
                    break;
                case Tape.ARRAY:
                    header(out, false);
                    depth++;
                    k += 2;
                    break;
                case Tape.TRUE:
                    out.packBoolean(true);
                    k++;
                    break;
                case Tape.FALSE:
                    out.packBoolean(false);
                    k++;
                    break;
                case Tape.NULL:
                    out.packNil();
                    k++;
                    break;
                case Tape.INT64:
                    out.packLong(t[k + 1]);
                    k += 2;
                    break;
                case Tape.DOUBLE:
                    out.packDouble(Double.longBitsToDouble(t[k + 1]));
                    k += 2;
                    break;
                case Tape.STR_ASCII:
                case Tape.STR_UTF8: {
                    long e1 = t[k + 1];
                    int len = (int) e1;
                    out.packRawStringHeader(len);
                    out.writePayload(p.spans(), p.spanStart(e, e1), len);
                    k += 2;
                    break;
                }
                case Tape.STR_LATIN1: {
                    long e1 = t[k + 1];
                    out.packString(new String(p.decodedLatin1(), (int) (e1 >>> 32), (int) e1, StandardCharsets.ISO_8859_1));
                    k += 2;
                    break;
                }
                case Tape.STR_UTF16: {
                    long e1 = t[k + 1];
                    out.packString(new String(p.decodedChars(), (int) (e1 >>> 32), (int) e1));
                    k += 2;
                    break;
                }
                default: // BIG_DECIMAL (bigDecimals is off: not met) and BIG_INTEGER (the first pass declined)
                    out.packValue(p.numberAt(k));
                    k += 2;
            }
        }
    }

    private void header(MessagePacker out, boolean isObject) {
        int n = counts[read++];
        if (isObject) {
            out.packMapHeader(n);
        } else {
            out.packArrayHeader(n);
        }
    }
}
