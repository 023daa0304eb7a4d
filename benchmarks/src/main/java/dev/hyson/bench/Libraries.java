package dev.hyson.bench;

import com.alibaba.fastjson2.JSON;
import com.alibaba.fastjson2.JSONReader;
import com.alibaba.fastjson2.JSONWriter;
import com.dslplatform.json.DslJson;
import com.dslplatform.json.runtime.Settings;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.StreamWriteFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.ToNumberPolicy;
import dev.hyson.Backend;
import dev.hyson.JsonReader;
import dev.hyson.JsonWriter;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The libraries the benchmarks compare, by name. Each peer is set up so that it builds the same
 * values as hyson (integers as integral types, decimals as {@code Double}), which
 * {@code BenchmarkCorrectnessTest} checks:
 *
 * <ul>
 *   <li>{@code hyson-java}, {@code hyson-auto}, {@code hyson-native}: a {@link JsonReader} built with
 *       that {@link Backend.Choice}; writing is {@link JsonWriter#defaults()} for all three.
 *       {@code hyson-native} is refused (with the reason) while the native backend is unavailable.
 *   <li>{@code jackson}: {@code ObjectMapper.readValue(bytes, Object.class)} with
 *       {@code USE_FAST_DOUBLE_PARSER} and {@code USE_FAST_DOUBLE_WRITER}.
 *   <li>{@code fastjson2}: {@code JSON.parse(bytes, UseDoubleForDecimals)} (its default would give
 *       {@code BigDecimal}); {@code JSON.toJSONBytes(tree, WriteNulls)} (by default it drops
 *       members whose value is null).
 *   <li>{@code dsljson}: {@code deserialize(Object.class, ...)} with {@code LONG_AND_DOUBLE} and
 *       {@code DoublePrecision.EXACT} (its defaults give {@code BigDecimal} and may round the last
 *       bit); writing reuses one {@code JsonWriter} per thread.
 *   <li>{@code gson}: {@code fromJson(new String(bytes, UTF_8), Object.class)} with
 *       {@code ToNumberPolicy.LONG_OR_DOUBLE} (its default makes every number a {@code Double});
 *       the UTF-8 decoding is part of the measured work, as Gson has no byte input. Writing is
 *       {@code toJson(tree).getBytes(UTF_8)} with HTML escaping off and {@code serializeNulls()}
 *       (by default it drops members whose value is null).
 * </ul>
 */
public final class Libraries {
    /** The names {@link #byName} accepts. */
    public static final List<String> NAMES =
            List.of("hyson-java", "hyson-auto", "hyson-native", "jackson", "fastjson2", "dsljson", "gson");

    private Libraries() {
    }

    /**
     * @param name one of {@link #NAMES}
     * @return that library, configured
     * @throws IllegalArgumentException for an unknown name
     * @throws IllegalStateException for {@code hyson-native} while the native backend is unavailable
     */
    public static Library byName(String name) {
        switch (name) {
            case "hyson-java":
                return new Hyson(name, Backend.Choice.JAVA);
            case "hyson-auto":
                return new Hyson(name, Backend.Choice.AUTO);
            case "hyson-native":
                Backend nativeBackend = Backend.of(Backend.Choice.NATIVE);
                if (!nativeBackend.isAvailable()) {
                    throw new IllegalStateException("library=hyson-native: the native backend is unavailable ("
                            + nativeBackend.error().orElse("no reason given") + ")");
                }
                return new Hyson(name, Backend.Choice.NATIVE);
            case "jackson":
                return new Jackson();
            case "fastjson2":
                return new Fastjson2();
            case "dsljson":
                return new DslJsonLibrary();
            case "gson":
                return new GsonLibrary();
            default:
                throw new IllegalArgumentException("unknown library '" + name + "'; known: " + NAMES);
        }
    }

    /** @return whether {@code hyson-native} can run in this JVM */
    public static boolean nativeAvailable() {
        return Backend.of(Backend.Choice.NATIVE).isAvailable();
    }

    private static final class Hyson implements Library {
        private final String name;
        private final JsonReader reader;
        private final JsonWriter writer = JsonWriter.defaults();

        Hyson(String name, Backend.Choice choice) {
            this.name = name;
            this.reader = JsonReader.builder().backend(choice).build();
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public Object parse(byte[] json) {
            return reader.parse(json);
        }

        @Override
        public byte[] write(Object tree) {
            return writer.writeBytes(tree);
        }

        @Override
        public void write(Object tree, OutputStream out) {
            writer.write(tree, out);
        }
    }

    private static final class Jackson implements Library {
        private final ObjectMapper mapper = new ObjectMapper(JsonFactory.builder()
                .enable(StreamReadFeature.USE_FAST_DOUBLE_PARSER)
                .enable(StreamWriteFeature.USE_FAST_DOUBLE_WRITER)
                .build());

        @Override
        public String name() {
            return "jackson";
        }

        @Override
        public Object parse(byte[] json) throws Exception {
            return mapper.readValue(json, Object.class);
        }

        @Override
        public byte[] write(Object tree) throws Exception {
            return mapper.writeValueAsBytes(tree);
        }
    }

    private static final class Fastjson2 implements Library {
        private static final JSONReader.Feature[] READ = {JSONReader.Feature.UseDoubleForDecimals};
        private static final JSONWriter.Feature[] WRITE = {JSONWriter.Feature.WriteNulls};

        @Override
        public String name() {
            return "fastjson2";
        }

        @Override
        public Object parse(byte[] json) {
            return JSON.parse(json, READ);
        }

        @Override
        public byte[] write(Object tree) {
            return JSON.toJSONBytes(tree, WRITE);
        }
    }

    private static final class DslJsonLibrary implements Library {
        private final DslJson<Object> dsl = new DslJson<>(Settings.withRuntime()
                .unknownNumbers(com.dslplatform.json.JsonReader.UnknownNumberParsing.LONG_AND_DOUBLE)
                .doublePrecision(com.dslplatform.json.JsonReader.DoublePrecision.EXACT));
        private final ThreadLocal<com.dslplatform.json.JsonWriter> writers = ThreadLocal.withInitial(dsl::newWriter);

        @Override
        public String name() {
            return "dsljson";
        }

        @Override
        public Object parse(byte[] json) throws Exception {
            return dsl.deserialize(Object.class, json, json.length);
        }

        @Override
        public byte[] write(Object tree) throws Exception {
            com.dslplatform.json.JsonWriter w = writers.get();
            w.reset();
            dsl.serialize(w, tree);
            return w.toByteArray();
        }
    }

    private static final class GsonLibrary implements Library {
        private final Gson gson = new GsonBuilder()
                .setObjectToNumberStrategy(ToNumberPolicy.LONG_OR_DOUBLE)
                .disableHtmlEscaping()
                .serializeNulls()
                .create();

        @Override
        public String name() {
            return "gson";
        }

        @Override
        public Object parse(byte[] json) {
            return gson.fromJson(new String(json, StandardCharsets.UTF_8), Object.class);
        }

        @Override
        public byte[] write(Object tree) {
            return gson.toJson(tree).getBytes(StandardCharsets.UTF_8);
        }
    }
}
