package dev.hyson.bench;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.StreamWriteFeature;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import dev.hyson.Backend;
import dev.hyson.JsonReader;
import dev.hyson.JsonWriter;
import dev.hyson.stream.JsonGenerator;
import dev.hyson.stream.JsonParser;
import dev.hyson.stream.JsonToken;
import dev.hyson.stream.NumberType;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
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
import org.openjdk.jmh.infra.Blackhole;

/**
 * The streaming API (issue #13), in documents per second, against Jackson's streaming
 * {@code JsonParser} / {@code JsonGenerator} (jackson-core, one {@code JsonFactory} with
 * {@code USE_FAST_DOUBLE_PARSER} and {@code USE_FAST_DOUBLE_WRITER}, as {@link Libraries} sets Jackson
 * up, and {@code COMBINE_UNICODE_SURROGATES_IN_UTF8}, see {@link #JACKSON}):
 *
 * <ul>
 *   <li>{@code pull}: a pull parser over the document's {@code byte[]} visits every token and reads
 *       every value into the {@link Blackhole}: a name with {@code currentName()}, a string with
 *       {@code getString()} (Jackson: {@code getText()}), an integer ({@code INT}/{@code LONG}) with
 *       {@code getLong()} (Jackson: {@code getLongValue()}), any other number with
 *       {@code getDouble()} (Jackson: {@code getDoubleValue()}, chosen by {@code getNumberType()}),
 *       and a {@code BIG_INTEGER} (none in the three default documents) with {@code getBigInteger()}.
 *       It returns an order-sensitive checksum of the token kinds, strings' lengths and numbers'
 *       values, which {@code StreamBenchCorrectnessTest} checks to be equal for every library.
 *       {@code pullStream} is the same over a {@code ByteArrayInputStream} of the bytes (hyson reads
 *       it in 1 MiB windows, Jackson in its 8000-byte buffers).
 *   <li>{@code generate}: the document's token stream, recorded once in setup into flat arrays
 *       ({@link Tokens}: kinds, names and strings, longs, doubles), is written with each library's
 *       generator into {@link Sink}, an {@code OutputStream} that counts and discards the bytes
 *       (hyson: {@code JsonWriter.defaults().generator(out)}, compact; Jackson:
 *       {@code createGenerator(out)}). Both outputs are the same bytes (the test checks it).
 *   <li>{@code copy}: minify: parser → generator with {@code copyCurrentStructure} (hyson's
 *       {@code JsonGenerator.copyCurrentStructure(JsonParser)}, Jackson's
 *       {@code JsonGenerator.copyCurrentStructure(JsonParser)}), from the {@code byte[]} into
 *       {@link Sink}.
 * </ul>
 *
 * <p>{@code library}: {@code hyson-native} / {@code hyson-java} (a {@link JsonReader} with that
 * {@link Backend.Choice}; {@code hyson-native} fails setup with the reason when the native backend is
 * unavailable), {@code jackson}. The generator does not depend on the backend, so {@code generate}
 * runs {@code hyson} and {@code jackson}. MB/s = ops/s × the sizes that setup prints (input for
 * {@code pull*}, compact output for {@code generate}; {@code copy} prints both).
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "--enable-native-access=ALL-UNNAMED"})
public class StreamBench {

    // ---- token codes shared by both libraries (the checksum and the recording use them) ----
    static final byte START_OBJECT = 0;
    static final byte END_OBJECT = 1;
    static final byte START_ARRAY = 2;
    static final byte END_ARRAY = 3;
    static final byte NAME = 4;
    static final byte STRING = 5;
    static final byte LONG = 6;
    static final byte DOUBLE = 7;
    static final byte TRUE = 8;
    static final byte FALSE = 9;
    static final byte NULL = 10;
    static final byte BIG_INTEGER = 11;

    /**
     * Jackson's streaming factory, configured as {@link Libraries}' Jackson (fast double parsing and
     * writing), plus {@code COMBINE_UNICODE_SURROGATES_IN_UTF8}: without it Jackson 2.18+ writes a
     * character beyond U+FFFF as two backslash-u escapes of its surrogates (twitter.json's emoji: 80 bytes more), with it
     * as its 4 UTF-8 bytes, as hyson does, so both generators write the same bytes.
     */
    static final JsonFactory JACKSON = JsonFactory.builder()
            .enable(StreamReadFeature.USE_FAST_DOUBLE_PARSER)
            .enable(StreamWriteFeature.USE_FAST_DOUBLE_WRITER)
            .enable(JsonWriteFeature.COMBINE_UNICODE_SURROGATES_IN_UTF8)
            .build();

    /** hyson's writer for the generators: the defaults (compact, UTF-8 as is). */
    static final JsonWriter HYSON_WRITER = JsonWriter.defaults();

    /** @return the reader for {@code hyson-native} / {@code hyson-java}, or null for {@code jackson} */
    static JsonReader reader(String library) {
        switch (library) {
            case "hyson-java":
                return JsonReader.builder().backend(Backend.Choice.JAVA).build();
            case "hyson-native":
                Backend nativeBackend = Backend.of(Backend.Choice.NATIVE);
                if (!nativeBackend.isAvailable()) {
                    throw new IllegalStateException("library=hyson-native: the native backend is unavailable ("
                            + nativeBackend.error().orElse("no reason given") + ")");
                }
                return JsonReader.builder().backend(Backend.Choice.NATIVE).build();
            case "jackson":
                return null;
            default:
                throw new IllegalArgumentException("unknown library " + library
                        + " (hyson-native, hyson-java, jackson)");
        }
    }

    /** The pull-parser side: a document and a library. */
    @State(Scope.Benchmark)
    public static class ParseState {
        /** A file of the shared corpus. */
        @Param({"twitter.json", "citm_catalog.json", "canada.json"})
        public String document;

        /** {@code hyson-native}, {@code hyson-java} or {@code jackson}. */
        @Param({"hyson-native", "hyson-java", "jackson"})
        public String library;

        byte[] json;
        JsonReader reader;
        boolean jackson;

        /** Loads the document and makes the reader. */
        @Setup(Level.Trial)
        public void setup() {
            json = Corpus.load(document);
            reader = reader(library);
            jackson = reader == null;
            System.out.println("# " + document + ": " + json.length + " bytes of input");
        }
    }

    /** The generator side: a document's recorded tokens and a library. */
    @State(Scope.Benchmark)
    public static class GenerateState {
        /** A file of the shared corpus. */
        @Param({"twitter.json", "citm_catalog.json", "canada.json"})
        public String document;

        /** {@code hyson} (one generator for both backends) or {@code jackson}. */
        @Param({"hyson", "jackson"})
        public String library;

        Tokens tokens;
        boolean jackson;
        final Sink sink = new Sink();

        /** Records the document's tokens, once, and prints the output's size. */
        @Setup(Level.Trial)
        public void setup() {
            if (!library.equals("hyson") && !library.equals("jackson")) {
                throw new IllegalArgumentException("library=" + library + ": generate runs hyson (one generator"
                        + " for every backend) or jackson");
            }
            jackson = library.equals("jackson");
            tokens = Tokens.record(JsonReader.builder().backend(Backend.Choice.JAVA).build(), Corpus.load(document));
            long n = jackson ? generateJackson(tokens, sink) : generateHyson(tokens, sink);
            System.out.println("# " + document + ": " + tokens.count + " tokens, " + library + " writes " + n
                    + " bytes of JSON");
        }
    }

    /** The copy side: a document and a library (its parser; the generator is the same library's). */
    @State(Scope.Benchmark)
    public static class CopyState {
        /** A file of the shared corpus. */
        @Param({"twitter.json", "citm_catalog.json", "canada.json"})
        public String document;

        /** {@code hyson-native}, {@code hyson-java} or {@code jackson}. */
        @Param({"hyson-native", "hyson-java", "jackson"})
        public String library;

        byte[] json;
        JsonReader reader;
        boolean jackson;
        final Sink sink = new Sink();

        /** Loads the document, makes the reader and prints the sizes. */
        @Setup(Level.Trial)
        public void setup() {
            json = Corpus.load(document);
            reader = reader(library);
            jackson = reader == null;
            long n = jackson ? copyJackson(json, sink) : copyHyson(reader, json, sink);
            System.out.println("# " + document + ": " + json.length + " bytes in, " + library + " writes " + n
                    + " bytes of JSON");
        }
    }

    // ---- benchmarks ----

    /** @return the checksum of every token and value of the document, read from its bytes */
    @Benchmark
    public long pull(ParseState s, Blackhole bh) {
        if (s.jackson) {
            try (com.fasterxml.jackson.core.JsonParser p = JACKSON.createParser(s.json)) {
                return visitJackson(p, bh);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        try (JsonParser p = s.reader.parser(s.json)) {
            return visitHyson(p, bh);
        }
    }

    /** @return the same checksum, the document read from a {@code ByteArrayInputStream} */
    @Benchmark
    public long pullStream(ParseState s, Blackhole bh) {
        if (s.jackson) {
            try (com.fasterxml.jackson.core.JsonParser p = JACKSON.createParser(new ByteArrayInputStream(s.json))) {
                return visitJackson(p, bh);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        try (JsonParser p = s.reader.parser(new ByteArrayInputStream(s.json))) {
            return visitHyson(p, bh);
        }
    }

    /** @return the bytes written: the recorded tokens through the library's generator */
    @Benchmark
    public long generate(GenerateState s) {
        return s.jackson ? generateJackson(s.tokens, s.sink) : generateHyson(s.tokens, s.sink);
    }

    /** @return the bytes written: the document parsed and copied (minified) */
    @Benchmark
    public long copy(CopyState s) {
        return s.jackson ? copyJackson(s.json, s.sink) : copyHyson(s.reader, s.json, s.sink);
    }

    // ---- the loops (package-private: StreamBenchCorrectnessTest runs these same methods) ----

    /**
     * Reads every token and value of a hyson parser into {@code bh}.
     *
     * @return an order-sensitive checksum over the token codes, strings' lengths and numbers' values
     */
    static long visitHyson(JsonParser p, Blackhole bh) {
        long h = 0;
        JsonToken t;
        while ((t = p.nextToken()) != null) {
            long code;
            long v;
            switch (t) {
                case START_OBJECT:
                    code = START_OBJECT;
                    v = 0;
                    break;
                case END_OBJECT:
                    code = END_OBJECT;
                    v = 0;
                    break;
                case START_ARRAY:
                    code = START_ARRAY;
                    v = 0;
                    break;
                case END_ARRAY:
                    code = END_ARRAY;
                    v = 0;
                    break;
                case NAME: {
                    String s = p.currentName();
                    bh.consume(s);
                    code = NAME;
                    v = s.length();
                    break;
                }
                case STRING: {
                    String s = p.getString();
                    bh.consume(s);
                    code = STRING;
                    v = s.length();
                    break;
                }
                case NUMBER: {
                    NumberType nt = p.numberType();
                    if (nt == NumberType.INT || nt == NumberType.LONG) {
                        long l = p.getLong();
                        bh.consume(l);
                        code = LONG;
                        v = l;
                    } else if (nt == NumberType.BIG_INTEGER) {
                        BigInteger b = p.getBigInteger();
                        bh.consume(b);
                        code = BIG_INTEGER;
                        v = b.hashCode();
                    } else {
                        double d = p.getDouble();
                        bh.consume(d);
                        code = DOUBLE;
                        v = Double.doubleToRawLongBits(d);
                    }
                    break;
                }
                case TRUE:
                    code = TRUE;
                    v = 1;
                    break;
                case FALSE:
                    code = FALSE;
                    v = 0;
                    break;
                default:
                    code = NULL;
                    v = 0;
                    break;
            }
            h = (h * 31 + code) * 31 + v;
        }
        return h;
    }

    /** {@link #visitHyson} for a Jackson parser, with the same checksum. */
    static long visitJackson(com.fasterxml.jackson.core.JsonParser p, Blackhole bh) throws IOException {
        long h = 0;
        com.fasterxml.jackson.core.JsonToken t;
        while ((t = p.nextToken()) != null) {
            long code;
            long v;
            switch (t) {
                case START_OBJECT:
                    code = START_OBJECT;
                    v = 0;
                    break;
                case END_OBJECT:
                    code = END_OBJECT;
                    v = 0;
                    break;
                case START_ARRAY:
                    code = START_ARRAY;
                    v = 0;
                    break;
                case END_ARRAY:
                    code = END_ARRAY;
                    v = 0;
                    break;
                case FIELD_NAME: {
                    String s = p.currentName();
                    bh.consume(s);
                    code = NAME;
                    v = s.length();
                    break;
                }
                case VALUE_STRING: {
                    String s = p.getText();
                    bh.consume(s);
                    code = STRING;
                    v = s.length();
                    break;
                }
                case VALUE_NUMBER_INT:
                case VALUE_NUMBER_FLOAT: {
                    com.fasterxml.jackson.core.JsonParser.NumberType nt = p.getNumberType();
                    if (nt == com.fasterxml.jackson.core.JsonParser.NumberType.INT
                            || nt == com.fasterxml.jackson.core.JsonParser.NumberType.LONG) {
                        long l = p.getLongValue();
                        bh.consume(l);
                        code = LONG;
                        v = l;
                    } else if (nt == com.fasterxml.jackson.core.JsonParser.NumberType.BIG_INTEGER) {
                        BigInteger b = p.getBigIntegerValue();
                        bh.consume(b);
                        code = BIG_INTEGER;
                        v = b.hashCode();
                    } else {
                        double d = p.getDoubleValue();
                        bh.consume(d);
                        code = DOUBLE;
                        v = Double.doubleToRawLongBits(d);
                    }
                    break;
                }
                case VALUE_TRUE:
                    code = TRUE;
                    v = 1;
                    break;
                case VALUE_FALSE:
                    code = FALSE;
                    v = 0;
                    break;
                case VALUE_NULL:
                    code = NULL;
                    v = 0;
                    break;
                default:
                    throw new IllegalStateException("unexpected Jackson token " + t);
            }
            h = (h * 31 + code) * 31 + v;
        }
        return h;
    }

    /** Writes {@code t} with hyson's generator into {@code sink}; @return the bytes written */
    static long generateHyson(Tokens t, Sink sink) {
        long before = sink.bytes;
        byte[] kinds = t.kinds;
        String[] strings = t.strings;
        long[] longs = t.longs;
        double[] doubles = t.doubles;
        BigInteger[] bigs = t.bigs;
        int si = 0;
        int li = 0;
        int di = 0;
        int bi = 0;
        try (JsonGenerator g = HYSON_WRITER.generator(sink)) {
            for (int i = 0, n = t.count; i < n; i++) {
                switch (kinds[i]) {
                    case START_OBJECT:
                        g.writeStartObject();
                        break;
                    case END_OBJECT:
                        g.writeEndObject();
                        break;
                    case START_ARRAY:
                        g.writeStartArray();
                        break;
                    case END_ARRAY:
                        g.writeEndArray();
                        break;
                    case NAME:
                        g.writeName(strings[si++]);
                        break;
                    case STRING:
                        g.writeString(strings[si++]);
                        break;
                    case LONG:
                        g.writeNumber(longs[li++]);
                        break;
                    case DOUBLE:
                        g.writeNumber(doubles[di++]);
                        break;
                    case BIG_INTEGER:
                        g.writeNumber(bigs[bi++]);
                        break;
                    case TRUE:
                        g.writeBoolean(true);
                        break;
                    case FALSE:
                        g.writeBoolean(false);
                        break;
                    default:
                        g.writeNull();
                        break;
                }
            }
        }
        return sink.bytes - before;
    }

    /** Writes {@code t} with Jackson's generator into {@code sink}; @return the bytes written */
    static long generateJackson(Tokens t, Sink sink) {
        long before = sink.bytes;
        byte[] kinds = t.kinds;
        String[] strings = t.strings;
        long[] longs = t.longs;
        double[] doubles = t.doubles;
        BigInteger[] bigs = t.bigs;
        int si = 0;
        int li = 0;
        int di = 0;
        int bi = 0;
        try (com.fasterxml.jackson.core.JsonGenerator g = JACKSON.createGenerator(sink)) {
            for (int i = 0, n = t.count; i < n; i++) {
                switch (kinds[i]) {
                    case START_OBJECT:
                        g.writeStartObject();
                        break;
                    case END_OBJECT:
                        g.writeEndObject();
                        break;
                    case START_ARRAY:
                        g.writeStartArray();
                        break;
                    case END_ARRAY:
                        g.writeEndArray();
                        break;
                    case NAME:
                        g.writeFieldName(strings[si++]);
                        break;
                    case STRING:
                        g.writeString(strings[si++]);
                        break;
                    case LONG:
                        g.writeNumber(longs[li++]);
                        break;
                    case DOUBLE:
                        g.writeNumber(doubles[di++]);
                        break;
                    case BIG_INTEGER:
                        g.writeNumber(bigs[bi++]);
                        break;
                    case TRUE:
                        g.writeBoolean(true);
                        break;
                    case FALSE:
                        g.writeBoolean(false);
                        break;
                    default:
                        g.writeNull();
                        break;
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return sink.bytes - before;
    }

    /** Copies the document with hyson's parser and generator; @return the bytes written */
    static long copyHyson(JsonReader reader, byte[] json, Sink sink) {
        long before = sink.bytes;
        try (JsonParser p = reader.parser(json); JsonGenerator g = HYSON_WRITER.generator(sink)) {
            p.nextToken();
            g.copyCurrentStructure(p);
        }
        return sink.bytes - before;
    }

    /** Copies the document with Jackson's parser and generator; @return the bytes written */
    static long copyJackson(byte[] json, Sink sink) {
        long before = sink.bytes;
        try (com.fasterxml.jackson.core.JsonParser p = JACKSON.createParser(json);
                com.fasterxml.jackson.core.JsonGenerator g = JACKSON.createGenerator(sink)) {
            p.nextToken();
            g.copyCurrentStructure(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return sink.bytes - before;
    }

    // ---- the recorded token stream and the sink ----

    /**
     * A document's token stream in flat arrays: {@code kinds[i]} is a code above; names and string
     * values are in {@code strings} in order, integers in {@code longs}, other numbers in
     * {@code doubles}, integers beyond {@code long} in {@code bigs}.
     */
    static final class Tokens {
        byte[] kinds = new byte[1024];
        String[] strings = new String[256];
        long[] longs = new long[256];
        double[] doubles = new double[256];
        BigInteger[] bigs = new BigInteger[4];
        int count;
        int strCount;
        int longCount;
        int doubleCount;
        int bigCount;

        /** @return the tokens of {@code json}, as hyson's parser reports them (the same accessors as {@link #visitHyson}) */
        static Tokens record(JsonReader reader, byte[] json) {
            Tokens t = new Tokens();
            try (JsonParser p = reader.parser(json)) {
                JsonToken tok;
                while ((tok = p.nextToken()) != null) {
                    switch (tok) {
                        case START_OBJECT:
                            t.kind(START_OBJECT);
                            break;
                        case END_OBJECT:
                            t.kind(END_OBJECT);
                            break;
                        case START_ARRAY:
                            t.kind(START_ARRAY);
                            break;
                        case END_ARRAY:
                            t.kind(END_ARRAY);
                            break;
                        case NAME:
                            t.kind(NAME);
                            t.string(p.currentName());
                            break;
                        case STRING:
                            t.kind(STRING);
                            t.string(p.getString());
                            break;
                        case NUMBER: {
                            NumberType nt = p.numberType();
                            if (nt == NumberType.INT || nt == NumberType.LONG) {
                                t.kind(LONG);
                                t.number(p.getLong());
                            } else if (nt == NumberType.BIG_INTEGER) {
                                t.kind(BIG_INTEGER);
                                t.big(p.getBigInteger());
                            } else {
                                t.kind(DOUBLE);
                                t.number(p.getDouble());
                            }
                            break;
                        }
                        case TRUE:
                            t.kind(TRUE);
                            break;
                        case FALSE:
                            t.kind(FALSE);
                            break;
                        default:
                            t.kind(NULL);
                            break;
                    }
                }
            }
            return t.trim();
        }

        /** @return the tokens of {@code json} as Jackson's parser reports them (for the test) */
        static Tokens recordJackson(byte[] json) throws IOException {
            Tokens t = new Tokens();
            try (com.fasterxml.jackson.core.JsonParser p = JACKSON.createParser(json)) {
                com.fasterxml.jackson.core.JsonToken tok;
                while ((tok = p.nextToken()) != null) {
                    switch (tok) {
                        case START_OBJECT:
                            t.kind(START_OBJECT);
                            break;
                        case END_OBJECT:
                            t.kind(END_OBJECT);
                            break;
                        case START_ARRAY:
                            t.kind(START_ARRAY);
                            break;
                        case END_ARRAY:
                            t.kind(END_ARRAY);
                            break;
                        case FIELD_NAME:
                            t.kind(NAME);
                            t.string(p.currentName());
                            break;
                        case VALUE_STRING:
                            t.kind(STRING);
                            t.string(p.getText());
                            break;
                        case VALUE_NUMBER_INT:
                        case VALUE_NUMBER_FLOAT: {
                            com.fasterxml.jackson.core.JsonParser.NumberType nt = p.getNumberType();
                            if (nt == com.fasterxml.jackson.core.JsonParser.NumberType.INT
                                    || nt == com.fasterxml.jackson.core.JsonParser.NumberType.LONG) {
                                t.kind(LONG);
                                t.number(p.getLongValue());
                            } else if (nt == com.fasterxml.jackson.core.JsonParser.NumberType.BIG_INTEGER) {
                                t.kind(BIG_INTEGER);
                                t.big(p.getBigIntegerValue());
                            } else {
                                t.kind(DOUBLE);
                                t.number(p.getDoubleValue());
                            }
                            break;
                        }
                        case VALUE_TRUE:
                            t.kind(TRUE);
                            break;
                        case VALUE_FALSE:
                            t.kind(FALSE);
                            break;
                        case VALUE_NULL:
                            t.kind(NULL);
                            break;
                        default:
                            throw new IllegalStateException("unexpected Jackson token " + tok);
                    }
                }
            }
            return t.trim();
        }

        private void kind(byte k) {
            if (count == kinds.length) {
                kinds = Arrays.copyOf(kinds, count * 2);
            }
            kinds[count++] = k;
        }

        private void string(String s) {
            if (strCount == strings.length) {
                strings = Arrays.copyOf(strings, strCount * 2);
            }
            strings[strCount++] = s;
        }

        private void number(long l) {
            if (longCount == longs.length) {
                longs = Arrays.copyOf(longs, longCount * 2);
            }
            longs[longCount++] = l;
        }

        private void number(double d) {
            if (doubleCount == doubles.length) {
                doubles = Arrays.copyOf(doubles, doubleCount * 2);
            }
            doubles[doubleCount++] = d;
        }

        private void big(BigInteger b) {
            if (bigCount == bigs.length) {
                bigs = Arrays.copyOf(bigs, bigCount * 2);
            }
            bigs[bigCount++] = b;
        }

        private Tokens trim() {
            kinds = Arrays.copyOf(kinds, count);
            strings = Arrays.copyOf(strings, strCount);
            longs = Arrays.copyOf(longs, longCount);
            doubles = Arrays.copyOf(doubles, doubleCount);
            bigs = Arrays.copyOf(bigs, bigCount);
            return this;
        }

        /** @return every field's content, for comparisons in the test */
        List<Object> contents() {
            List<Object> all = new ArrayList<>();
            all.add(Arrays.toString(kinds));
            all.add(Arrays.asList(strings));
            all.add(Arrays.toString(longs));
            all.add(Arrays.toString(doubles));
            all.add(Arrays.asList(bigs));
            return all;
        }
    }

    /**
     * An {@code OutputStream} that counts the bytes written and keeps none of them (one per state,
     * reused by every operation); {@code copyTo}, when set, also receives them (the test's capture).
     */
    static final class Sink extends OutputStream {
        long bytes;
        OutputStream copyTo;

        @Override
        public void write(int b) throws IOException {
            bytes++;
            if (copyTo != null) {
                copyTo.write(b);
            }
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            bytes += len;
            if (copyTo != null) {
                copyTo.write(b, off, len);
            }
        }
    }
}
