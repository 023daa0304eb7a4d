package dev.hyson.bench;

import com.alibaba.fastjson2.JSON;
import com.alibaba.fastjson2.JSONWriter;
import com.dslplatform.json.DslJson;
import com.dslplatform.json.runtime.Settings;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.StreamWriteFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.cfg.MapperBuilder;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import com.fasterxml.jackson.module.blackbird.BlackbirdModule;
import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.TypeAdapter;
import com.google.gson.stream.JsonReader;
import com.google.gson.stream.JsonWriter;
import dev.hyson.Backend;
import dev.hyson.msgpack.MessagePackFactory;
import io.avaje.jsonb.JsonType;
import io.avaje.jsonb.Jsonb;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.function.Function;
import org.msgpack.jackson.dataformat.MessagePackMapper;

/**
 * The data-binding libraries the binding benchmarks compare, by name. All bind the same records
 * ({@code dev.hyson.bench.bind}) and write every member, nulls included, so that every library
 * writes the same members; {@code BindBenchCorrectnessTest} checks both.
 *
 * <ul>
 *   <li>{@code hyson-native}, {@code hyson-java}, {@code hyson-auto}: {@code reader.read(bytes, type)}
 *       on a {@link dev.hyson.JsonReader} built with that {@link Backend.Choice}. The three share one
 *       writer, {@link dev.hyson.JsonWriter#defaults()}{@code .writeBytes(value)}, benchmarked once as
 *       {@code hyson}. {@code hyson-native} is refused (with the reason) while the native backend is
 *       unavailable.
 *   <li>{@code jackson}: {@code ObjectMapper.readerFor(type)} and {@code writerFor(type)}, with
 *       {@code USE_FAST_DOUBLE_PARSER}, {@code USE_FAST_DOUBLE_WRITER} and jackson-datatype-jsr310
 *       (dates as ISO strings, offsets kept as written).
 *   <li>{@code jackson-blackbird}: the same with jackson-module-blackbird, which replaces reflection
 *       by generated lambdas.
 *   <li>{@code fastjson2}: {@code JSON.parseObject(bytes, type)}; {@code JSON.toJSONBytes(value, WriteNulls)}.
 *   <li>{@code dsljson}: the converters its annotation processor generated at compile time for the
 *       {@code @CompiledJson} records ({@code Settings.basicSetup()}: service loader, no runtime
 *       reflection fallback), with {@code DoublePrecision.EXACT}; the bound reader and writer are
 *       looked up once, and one {@code JsonReader}/{@code JsonWriter} per thread is reused.
 *   <li>{@code avaje}: avaje-jsonb's {@code JsonType} for the type, from the adapters its annotation
 *       processor generated for the {@code @Json} records, with {@code serializeNulls(true)}.
 *   <li>{@code gson}: Gson's {@code TypeAdapter} for the type over {@code new String(bytes, UTF_8)}
 *       (Gson has no byte input; the decoding is measured), with HTML escaping off,
 *       {@code serializeNulls()} and adapters for {@code LocalDate} and {@code OffsetDateTime} (ISO
 *       strings), which Gson lacks.
 * </ul>
 *
 * <p>MessagePack, which has no decimal type: {@code hyson} is a {@link MessagePackFactory} with
 * {@code bigDecimals(BigDecimalPolicy.STRING)} (its default refuses to pack a {@code BigDecimal}),
 * {@code unpack(bytes, type)} and {@code pack(value)}; {@code jackson-msgpack} is
 * jackson-dataformat-msgpack's {@code MessagePackMapper}, configured as {@code jackson} and with
 * {@code handleBigDecimalAsString()} (its default packs a float64, which loses the scale). Both
 * thus pack the clients' balances as the same str, and each reads the other's bytes.
 */
public final class BindLibraries {
    /** The names {@link #json} reads with. */
    public static final List<String> READERS = List.of("hyson-native", "hyson-java", "hyson-auto", "jackson",
            "jackson-blackbird", "fastjson2", "dsljson", "avaje", "gson");
    /** The names {@link #json} writes with: hyson's three readers share one writer, {@code hyson}. */
    public static final List<String> WRITERS = List.of("hyson", "jackson", "jackson-blackbird", "fastjson2",
            "dsljson", "avaje", "gson");
    /** The names {@link #msgpack} accepts. */
    public static final List<String> MSGPACK = List.of("hyson", "jackson-msgpack");

    private static final ObjectMapper JACKSON = configure(JsonMapper.builder(JsonFactory.builder()
            .enable(StreamReadFeature.USE_FAST_DOUBLE_PARSER)
            .enable(StreamWriteFeature.USE_FAST_DOUBLE_WRITER)
            .build())).build();
    private static final ObjectMapper BLACKBIRD = configure(JsonMapper.builder(JsonFactory.builder()
            .enable(StreamReadFeature.USE_FAST_DOUBLE_PARSER)
            .enable(StreamWriteFeature.USE_FAST_DOUBLE_WRITER)
            .build())).addModule(new BlackbirdModule()).build();
    private static final ObjectMapper JACKSON_MSGPACK =
            configure(MessagePackMapper.builder()).build().handleBigDecimalAsString();
    private static final MessagePackFactory HYSON_MSGPACK = MessagePackFactory.builder()
            .bigDecimals(MessagePackFactory.BigDecimalPolicy.STRING)
            .build();
    private static final DslJson<Object> DSL = new DslJson<>(Settings.basicSetup()
            .doublePrecision(com.dslplatform.json.JsonReader.DoublePrecision.EXACT));
    private static final Jsonb AVAJE = Jsonb.builder().serializeNulls(true).build();
    private static final Gson GSON = new GsonBuilder()
            .disableHtmlEscaping()
            .serializeNulls()
            .registerTypeAdapter(LocalDate.class, new IsoAdapter<>(LocalDate::parse).nullSafe())
            .registerTypeAdapter(OffsetDateTime.class, new IsoAdapter<>(OffsetDateTime::parse).nullSafe())
            .create();

    private BindLibraries() {
    }

    private static <M extends ObjectMapper, B extends MapperBuilder<M, B>> B configure(B builder) {
        return builder.addModule(new JavaTimeModule())
                .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
                .disable(DeserializationFeature.ADJUST_DATES_TO_CONTEXT_TIME_ZONE);
    }

    /** @return the Jackson mapper of {@code jackson}: it writes the generated documents and reads the references */
    public static ObjectMapper jackson() {
        return JACKSON;
    }

    /** @return the mapper of {@code jackson-msgpack}, which tests use to read MessagePack back */
    public static ObjectMapper jacksonMsgpack() {
        return JACKSON_MSGPACK;
    }

    /** @return the DSL-JSON instance of {@code dsljson}, for tests that check its converters were generated */
    public static DslJson<Object> dslJson() {
        return DSL;
    }

    /** @return whether {@code hyson-native} can run in this JVM */
    public static boolean nativeAvailable() {
        return Backend.of(Backend.Choice.NATIVE).isAvailable();
    }

    /**
     * @param library one of {@link #READERS} or {@link #WRITERS}
     * @param type the record to bind
     * @return that library's JSON binding of {@code type}
     * @throws IllegalArgumentException for an unknown name
     * @throws IllegalStateException for {@code hyson-native} while the native backend is unavailable,
     *     or when a peer cannot bind {@code type}
     */
    public static <T> BindLibrary<T> json(String library, Class<T> type) {
        switch (library) {
            case "hyson":
            case "hyson-java":
                return new Hyson<>(library, Backend.Choice.JAVA, type);
            case "hyson-auto":
                return new Hyson<>(library, Backend.Choice.AUTO, type);
            case "hyson-native":
                Backend nativeBackend = Backend.of(Backend.Choice.NATIVE);
                if (!nativeBackend.isAvailable()) {
                    throw new IllegalStateException("library=hyson-native: the native backend is unavailable ("
                            + nativeBackend.error().orElse("no reason given") + ")");
                }
                return new Hyson<>(library, Backend.Choice.NATIVE, type);
            case "jackson":
                return new Jackson<>(library, JACKSON, type);
            case "jackson-blackbird":
                return new Jackson<>(library, BLACKBIRD, type);
            case "fastjson2":
                return new Fastjson2<>(type);
            case "dsljson":
                return new DslJsonBinder<>(type);
            case "avaje":
                return new Avaje<>(type);
            case "gson":
                return new GsonBinder<>(type);
            default:
                throw new IllegalArgumentException("unknown library '" + library + "'; known: " + READERS
                        + " (reading), " + WRITERS + " (writing)");
        }
    }

    /**
     * @param library one of {@link #MSGPACK}
     * @param type the record to bind
     * @return that library's MessagePack binding of {@code type}
     */
    public static <T> BindLibrary<T> msgpack(String library, Class<T> type) {
        switch (library) {
            case "hyson":
                return new HysonMsgPack<>(type);
            case "jackson-msgpack":
                return new Jackson<>(library, JACKSON_MSGPACK, type);
            default:
                throw new IllegalArgumentException("unknown library '" + library + "'; known: " + MSGPACK);
        }
    }

    private static final class Hyson<T> implements BindLibrary<T> {
        private final String name;
        private final Class<T> type;
        private final dev.hyson.JsonReader reader;
        private final dev.hyson.JsonWriter writer = dev.hyson.JsonWriter.defaults();

        Hyson(String name, Backend.Choice choice, Class<T> type) {
            this.name = name;
            this.type = type;
            this.reader = dev.hyson.JsonReader.builder().backend(choice).build();
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public T read(byte[] bytes) {
            return reader.read(bytes, type);
        }

        @Override
        public byte[] write(T value) {
            return writer.writeBytes(value);
        }
    }

    private static final class HysonMsgPack<T> implements BindLibrary<T> {
        private final Class<T> type;

        HysonMsgPack(Class<T> type) {
            this.type = type;
        }

        @Override
        public String name() {
            return "hyson";
        }

        @Override
        public T read(byte[] bytes) {
            return HYSON_MSGPACK.unpack(bytes, type);
        }

        @Override
        public byte[] write(T value) {
            return HYSON_MSGPACK.pack(value);
        }
    }

    private static final class Jackson<T> implements BindLibrary<T> {
        private final String name;
        private final ObjectReader reader;
        private final ObjectWriter writer;

        Jackson(String name, ObjectMapper mapper, Class<T> type) {
            this.name = name;
            this.reader = mapper.readerFor(type);
            this.writer = mapper.writerFor(type);
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public T read(byte[] bytes) throws IOException {
            return reader.readValue(bytes);
        }

        @Override
        public byte[] write(T value) throws IOException {
            return writer.writeValueAsBytes(value);
        }
    }

    private static final class Fastjson2<T> implements BindLibrary<T> {
        private static final JSONWriter.Feature[] WRITE = {JSONWriter.Feature.WriteNulls};
        private final Class<T> type;

        Fastjson2(Class<T> type) {
            this.type = type;
        }

        @Override
        public String name() {
            return "fastjson2";
        }

        @Override
        public T read(byte[] bytes) {
            return JSON.parseObject(bytes, type);
        }

        @Override
        public byte[] write(T value) {
            return JSON.toJSONBytes(value, WRITE);
        }
    }

    private static final class DslJsonBinder<T> implements BindLibrary<T> {
        private final com.dslplatform.json.JsonReader.ReadObject<T> readObject;
        private final com.dslplatform.json.JsonWriter.WriteObject<T> writeObject;
        private final ThreadLocal<com.dslplatform.json.JsonReader<Object>> readers =
                ThreadLocal.withInitial(DSL::newReader);
        private final ThreadLocal<com.dslplatform.json.JsonWriter> writers = ThreadLocal.withInitial(DSL::newWriter);

        DslJsonBinder(Class<T> type) {
            this.readObject = DSL.tryFindReader(type);
            this.writeObject = DSL.tryFindWriter(type);
            if (readObject == null || writeObject == null) {
                throw new IllegalStateException("dsljson: no converter for " + type.getName()
                        + " (was the annotation processor run?)");
            }
        }

        @Override
        public String name() {
            return "dsljson";
        }

        @Override
        public T read(byte[] bytes) throws IOException {
            com.dslplatform.json.JsonReader<Object> reader = readers.get().process(bytes, bytes.length);
            reader.getNextToken();
            return readObject.read(reader);
        }

        @Override
        public byte[] write(T value) {
            com.dslplatform.json.JsonWriter writer = writers.get();
            writer.reset();
            writeObject.write(writer, value);
            return writer.toByteArray();
        }
    }

    private static final class Avaje<T> implements BindLibrary<T> {
        private final JsonType<T> jsonType;

        Avaje(Class<T> type) {
            this.jsonType = AVAJE.type(type);
        }

        @Override
        public String name() {
            return "avaje";
        }

        @Override
        public T read(byte[] bytes) {
            return jsonType.fromJson(bytes);
        }

        @Override
        public byte[] write(T value) {
            return jsonType.toJsonBytes(value);
        }
    }

    private static final class GsonBinder<T> implements BindLibrary<T> {
        private final TypeAdapter<T> adapter;

        GsonBinder(Class<T> type) {
            this.adapter = GSON.getAdapter(type);
        }

        @Override
        public String name() {
            return "gson";
        }

        @Override
        public T read(byte[] bytes) throws IOException {
            return adapter.fromJson(new String(bytes, StandardCharsets.UTF_8));
        }

        @Override
        public byte[] write(T value) {
            return GSON.toJson(value).getBytes(StandardCharsets.UTF_8);
        }
    }

    /** A java.time value as its ISO string, which is what every other library here writes. */
    private static final class IsoAdapter<V> extends TypeAdapter<V> {
        private final Function<String, V> parse;

        IsoAdapter(Function<String, V> parse) {
            this.parse = parse;
        }

        @Override
        public void write(JsonWriter out, V value) throws IOException {
            out.value(value.toString());
        }

        @Override
        public V read(JsonReader in) throws IOException {
            return parse.apply(in.nextString());
        }
    }
}
