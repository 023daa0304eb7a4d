package dev.hyson.cli;

import dev.hyson.JsonReader;
import dev.hyson.msgpack.MessagePacker;
import dev.hyson.stream.JsonParser;
import dev.hyson.stream.JsonToken;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;

/**
 * {@code convert --to msgpack} of a JSON document in a file without holding the document or its tree:
 * a MessagePack map or array header gives its member count first, so the file is read twice ("count
 * ahead"), and memory grows only with the number of containers (four bytes each), not with the text.
 * <ol>
 * <li>The first pass reads the pull parser's events and records each container's member count in
 * the order the containers open (an {@code int} each). It also checks what a tree would change: a repeated member name (the tree keeps one
 * value, at the first name's place) or an integer beyond {@code long} (the tree's BigInteger packs
 * to uint64 or fails); on either it gives up and the caller converts the whole document as before.
 * <li>The second pass reads the events again and writes each value with the packer, each header with
 * the next recorded count.
 * </ol>
 * The bytes written equal those of the whole-document conversion ({@code MessagePackFactory.fromJson}
 * of the same text with the same depth limit). Memory: the counts (four bytes per container),
 * the pull parser's window, and one name set per open object while the first pass checks names.
 * Not thread-safe; one instance per conversion.
 */
final class CountAheadPack {
    /** Each container's member count, in the order the containers open. */
    private int[] counts = new int[1024];
    private int size;
    private int read;

    /**
     * The first pass.
     *
     * @param p a parser over the document, before its first token
     * @return false when the document needs the whole-document conversion (repeated names, big integers)
     * @throws dev.hyson.JsonParseException for invalid JSON
     */
    boolean count(JsonParser p) {
        // per open container: the index of its count (its members are added there as they come)
        int[] open = new int[64];
        int depth = 0;
        ArrayDeque<Set<String>> names = new ArrayDeque<>();
        JsonToken t;
        while ((t = p.nextToken()) != null) {
            if (t == JsonToken.END_OBJECT || t == JsonToken.END_ARRAY) {
                if (t == JsonToken.END_OBJECT) {
                    names.pop();
                }
                depth--;
                continue;
            }
            if (t == JsonToken.NAME) {
                if (!names.peek().add(p.currentName())) {
                    return false;
                }
                continue;
            }
            if (t == JsonToken.NUMBER && p.numberType() == dev.hyson.stream.NumberType.BIG_INTEGER) {
                return false;
            }
            // a value: one more member of the container it is in, and a container of its own if it opens one
            if (depth > 0) {
                counts[open[depth - 1]]++;
            }
            if (t == JsonToken.START_OBJECT || t == JsonToken.START_ARRAY) {
                if (size == counts.length) {
                    counts = Arrays.copyOf(counts, size * 2);
                }
                if (depth == open.length) {
                    open = Arrays.copyOf(open, depth * 2);
                }
                counts[size] = 0;
                open[depth++] = size++;
                if (t == JsonToken.START_OBJECT) {
                    names.push(new HashSet<>());
                }
            }
        }
        return true;
    }

    private int next() {
        return counts[read++];
    }

    /**
     * The second pass: writes the document's MessagePack.
     *
     * @param p a parser over the same document, before its first token
     * @param out the packer (flushed here)
     */
    void write(JsonParser p, MessagePacker out) {
        JsonToken t;
        while ((t = p.nextToken()) != null) {
            switch (t) {
                case START_OBJECT:
                    out.packMapHeader(next());
                    break;
                case START_ARRAY:
                    out.packArrayHeader(next());
                    break;
                case NAME:
                    out.packString(p.currentName());
                    break;
                case STRING:
                    out.packString(p.getString());
                    break;
                case NUMBER:
                    if (p.isIntegralNumber()) {
                        out.packLong(p.getLong());
                    } else {
                        out.packDouble(p.getDouble());
                    }
                    break;
                case TRUE:
                    out.packBoolean(true);
                    break;
                case FALSE:
                    out.packBoolean(false);
                    break;
                case NULL:
                    out.packNil();
                    break;
                default:
                    break; // the ends: the headers gave the counts
            }
        }
        out.flush();
    }

    /**
     * Both passes over a file.
     *
     * @param reader the JSON reader (its depth limit is the conversion's)
     * @param input the file, opened twice
     * @param ctx the run
     * @param out the packer
     * @return false when nothing was written and the whole-document conversion must run
     * @throws IOException when the file cannot be read
     */
    static boolean run(JsonReader reader, Input input, Context ctx, java.util.function.Supplier<MessagePacker> out)
            throws IOException {
        CountAheadPack pack = new CountAheadPack();
        try (InputStream in = input.open(ctx); JsonParser p = reader.parser(in)) {
            if (!pack.count(p)) {
                return false;
            }
        }
        try (InputStream in = input.open(ctx); JsonParser p = reader.parser(in)) {
            pack.write(p, out.get());
        }
        return true;
    }
}
