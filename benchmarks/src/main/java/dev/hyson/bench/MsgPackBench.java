package dev.hyson.bench;

import dev.hyson.Json;
import dev.hyson.JsonReader;
import dev.hyson.msgpack.MessagePack;
import java.io.IOException;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.msgpack.core.MessageBufferPacker;
import org.msgpack.core.MessageFormat;
import org.msgpack.core.MessagePacker;
import org.msgpack.core.MessageUnpacker;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * MessagePack: hyson against msgpack-core (msgpack-java 0.9.10), in documents per second; MB/s is
 * ops/s × the MessagePack size that setup prints. A corpus document is parsed as JSON and packed
 * once per trial, outside the measurement; {@code unpack} turns those bytes into
 * {@code Map}/{@code List}/{@code String}/{@code Long}/{@code Double}, {@code pack} turns the tree
 * back into bytes.
 *
 * <p>msgpack-core has no tree API of plain Java collections, so its side is the fair equivalent: a
 * {@code MessageUnpacker} with a small recursive converter (maps and lists at their final size,
 * {@code unpackString}, {@code unpackLong}, {@code unpackDouble}), and a reused
 * {@code MessageBufferPacker} walking the tree with exact-class checks. Setup checks that both
 * libraries give equal trees for the document and fails the trial otherwise. Run with
 * {@code -prof gc} for allocation per operation.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "--enable-native-access=ALL-UNNAMED"})
public class MsgPackBench {
    /** Which library: {@code hyson} or {@code msgpack-core}. */
    @Param({"hyson", "msgpack-core"})
    public String library;

    /** Which corpus document, converted to MessagePack. */
    @Param({"twitter.json", "citm_catalog.json", "canada.json"})
    public String document;

    private byte[] msgpack;
    private Object tree;
    private boolean hyson;
    private MessageBufferPacker corePacker;

    /** Loads the document, packs it, and checks that both libraries agree on it. */
    @Setup(Level.Trial)
    public void setup() throws IOException {
        if (!"hyson".equals(library) && !"msgpack-core".equals(library)) {
            throw new IllegalArgumentException("library must be hyson or msgpack-core: " + library);
        }
        hyson = "hyson".equals(library);
        // each library packs the tree its own unpack gives: hyson's MemberMaps, msgpack-core's LinkedHashMaps
        tree = hyson ? Json.parse(Corpus.load(document))
                : JsonReader.builder().linkedHashMaps(true).build().parse(Corpus.load(document));
        msgpack = MessagePack.pack(tree);
        corePacker = org.msgpack.core.MessagePack.newDefaultBufferPacker();
        if (!tree.equals(MessagePack.unpack(msgpack)) || !tree.equals(coreUnpack(msgpack))
                || !tree.equals(MessagePack.unpack(corePack(tree)))) {
            throw new IllegalStateException("hyson and msgpack-core disagree on " + document);
        }
        System.out.println("# " + document + ": " + msgpack.length + " bytes of MessagePack");
    }

    /** @return the tree unpacked from the document's MessagePack */
    @Benchmark
    public Object unpack() throws IOException {
        return hyson ? MessagePack.unpack(msgpack) : coreUnpack(msgpack);
    }

    /** @return the tree packed to MessagePack */
    @Benchmark
    public byte[] pack() throws IOException {
        return hyson ? MessagePack.pack(tree) : corePack(tree);
    }

    static Object coreUnpack(byte[] b) throws IOException {
        try (MessageUnpacker u = org.msgpack.core.MessagePack.newDefaultUnpacker(b)) {
            return read(u);
        }
    }

    private static Object read(MessageUnpacker u) throws IOException {
        MessageFormat f = u.getNextFormat();
        switch (f.getValueType()) {
            case NIL:
                u.unpackNil();
                return null;
            case BOOLEAN:
                return u.unpackBoolean();
            case INTEGER:
                if (f == MessageFormat.UINT64) {
                    BigInteger big = u.unpackBigInteger();
                    return big.bitLength() < 64 ? (Object) big.longValue() : big;
                }
                return u.unpackLong();
            case FLOAT:
                return u.unpackDouble();
            case STRING:
                return u.unpackString();
            case BINARY:
                return u.readPayload(u.unpackBinaryHeader());
            case ARRAY: {
                int n = u.unpackArrayHeader();
                List<Object> list = new ArrayList<>(n);
                for (int i = 0; i < n; i++) {
                    list.add(read(u));
                }
                return list;
            }
            case MAP: {
                int n = u.unpackMapHeader();
                Map<Object, Object> map = new LinkedHashMap<>(n < 3 ? n + 1 : (int) (n / 0.75f + 1.0f));
                for (int i = 0; i < n; i++) {
                    Object key = read(u);
                    map.put(key, read(u));
                }
                return map;
            }
            default:
                throw new IllegalStateException("unexpected " + f);
        }
    }

    private byte[] corePack(Object v) throws IOException {
        corePacker.clear();
        write(corePacker, v);
        return corePacker.toByteArray();
    }

    @SuppressWarnings("unchecked")
    private static void write(MessagePacker p, Object v) throws IOException {
        if (v == null) {
            p.packNil();
            return;
        }
        Class<?> c = v.getClass();
        if (c == String.class) {
            p.packString((String) v);
        } else if (c == Long.class) {
            p.packLong((Long) v);
        } else if (c == Double.class) {
            p.packDouble((Double) v);
        } else if (c == Boolean.class) {
            p.packBoolean((Boolean) v);
        } else if (c == LinkedHashMap.class || c == dev.hyson.tree.MemberMap.class) {
            // the benchmark packs LinkedHashMaps; hyson's tree only in setup's agreement check
            Map<Object, Object> m = (Map<Object, Object>) v;
            p.packMapHeader(m.size());
            for (Map.Entry<Object, Object> e : m.entrySet()) {
                write(p, e.getKey());
                write(p, e.getValue());
            }
        } else if (c == ArrayList.class) {
            List<Object> l = (List<Object>) v;
            int n = l.size();
            p.packArrayHeader(n);
            for (int i = 0; i < n; i++) {
                write(p, l.get(i));
            }
        } else if (c == BigInteger.class) {
            p.packBigInteger((BigInteger) v);
        } else {
            throw new IllegalStateException("unexpected " + c);
        }
    }
}
