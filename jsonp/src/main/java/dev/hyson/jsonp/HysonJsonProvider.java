package dev.hyson.jsonp;

import dev.hyson.jsonp.value.NumberValue;
import dev.hyson.jsonp.value.StringValue;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonBuilderFactory;
import jakarta.json.JsonMergePatch;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonPatch;
import jakarta.json.JsonPatchBuilder;
import jakarta.json.JsonPointer;
import jakarta.json.JsonReader;
import jakarta.json.JsonReaderFactory;
import jakarta.json.JsonString;
import jakarta.json.JsonStructure;
import jakarta.json.JsonValue;
import jakarta.json.JsonWriter;
import jakarta.json.JsonWriterFactory;
import jakarta.json.spi.JsonProvider;
import jakarta.json.stream.JsonGenerator;
import jakarta.json.stream.JsonGeneratorFactory;
import jakarta.json.stream.JsonParser;
import jakarta.json.stream.JsonParserFactory;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.Reader;
import java.io.Writer;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Collection;
import java.util.Map;

/**
 * hyson's Jakarta JSON Processing 2.1 provider, registered for {@link java.util.ServiceLoader} under
 * {@code META-INF/services/jakarta.json.spi.JsonProvider}: with this jar on the class path,
 * {@code jakarta.json.Json} and {@code JsonProvider.provider()} return it (set the system property
 * {@code jakarta.json.provider} to {@code dev.hyson.jsonp.HysonJsonProvider} to choose it when several
 * providers are present).
 *
 * <ul>
 *   <li>Parsers and readers scan with hyson's backend ({@code native} where its library loads, else
 *       {@code java}; {@code -Dhyson.backend} chooses), strict RFC 8259, UTF-8, UTF-16 and UTF-32
 *       input (detected as RFC 8259 section 8.1 and RFC 4627 section 3 describe, or given).</li>
 *   <li>Generators and writers write with hyson's writer; {@link JsonGenerator#PRETTY_PRINTING} indents.</li>
 *   <li>Objects and arrays that readers and parsers return are immutable views over hyson's parsed
 *       tree, their members converted to {@link JsonValue}s as they are read.</li>
 *   <li>{@link jakarta.json.JsonConfig#KEY_STRATEGY} ({@code LAST} by default, {@code FIRST}, {@code NONE})
 *       decides repeated member names in parsed objects.</li>
 *   <li>Builders, JSON Pointer (RFC 6901), JSON Patch (RFC 6902) and JSON Merge Patch (RFC 7396).</li>
 * </ul>
 * hyson's limits apply to every parse: nesting depth 1000, strings of 20,000,000 bytes, numbers of
 * 1000 characters, documents of 1 GiB (see {@code dev.hyson.JsonReader}); input over a limit is a
 * {@link jakarta.json.stream.JsonParsingException}.
 *
 * <p>Thread-safe: one provider (and each factory it makes) may be shared; parsers, generators,
 * readers and writers belong to one thread at a time.
 */
public final class HysonJsonProvider extends JsonProvider {
    private static final Factories.Parsers PARSERS = new Factories.Parsers(Config.DEFAULT);
    private static final Factories.Generators GENERATORS = new Factories.Generators(Config.DEFAULT);
    private static final Factories.Readers READERS = new Factories.Readers(Config.DEFAULT);
    private static final Factories.Writers WRITERS = new Factories.Writers(Config.DEFAULT);

    /** Made by {@link java.util.ServiceLoader} or by hand; holds no state of its own. */
    public HysonJsonProvider() {
    }

    /** @return which hyson backend parses: {@code "native"} or {@code "java"} */
    public static String backend() {
        return dev.hyson.Json.backend().name();
    }

    @Override
    public JsonParser createParser(Reader reader) {
        return PARSERS.createParser(reader);
    }

    @Override
    public JsonParser createParser(InputStream in) {
        return PARSERS.createParser(in);
    }

    @Override
    public JsonParserFactory createParserFactory(Map<String, ?> config) {
        return new Factories.Parsers(new Config(config));
    }

    @Override
    public JsonGenerator createGenerator(Writer writer) {
        return GENERATORS.createGenerator(writer);
    }

    @Override
    public JsonGenerator createGenerator(OutputStream out) {
        return GENERATORS.createGenerator(out);
    }

    @Override
    public JsonGeneratorFactory createGeneratorFactory(Map<String, ?> config) {
        return new Factories.Generators(new Config(config));
    }

    @Override
    public JsonReader createReader(Reader reader) {
        return READERS.createReader(reader);
    }

    @Override
    public JsonReader createReader(InputStream in) {
        return READERS.createReader(in);
    }

    @Override
    public JsonWriter createWriter(Writer writer) {
        return WRITERS.createWriter(writer);
    }

    @Override
    public JsonWriter createWriter(OutputStream out) {
        return WRITERS.createWriter(out);
    }

    @Override
    public JsonWriterFactory createWriterFactory(Map<String, ?> config) {
        return new Factories.Writers(new Config(config));
    }

    @Override
    public JsonReaderFactory createReaderFactory(Map<String, ?> config) {
        return new Factories.Readers(new Config(config));
    }

    @Override
    public JsonObjectBuilder createObjectBuilder() {
        return Structures.objectBuilder();
    }

    @Override
    public JsonObjectBuilder createObjectBuilder(JsonObject object) {
        return Structures.objectBuilder(object);
    }

    @Override
    public JsonObjectBuilder createObjectBuilder(Map<String, ?> map) {
        return Structures.objectBuilder(map);
    }

    @Override
    public JsonArrayBuilder createArrayBuilder() {
        return Structures.arrayBuilder();
    }

    @Override
    public JsonArrayBuilder createArrayBuilder(JsonArray array) {
        return Structures.arrayBuilder(array);
    }

    @Override
    public JsonArrayBuilder createArrayBuilder(Collection<?> collection) {
        return Structures.arrayBuilder(collection);
    }

    @Override
    public JsonBuilderFactory createBuilderFactory(Map<String, ?> config) {
        return Structures.builderFactory(config);
    }

    @Override
    public JsonPointer createPointer(String jsonPointer) {
        return Structures.pointer(jsonPointer);
    }

    @Override
    public JsonPatchBuilder createPatchBuilder() {
        return Structures.patchBuilder();
    }

    @Override
    public JsonPatchBuilder createPatchBuilder(JsonArray array) {
        return Structures.patchBuilder(array);
    }

    @Override
    public JsonPatch createPatch(JsonArray array) {
        return Structures.patch(array);
    }

    @Override
    public JsonPatch createDiff(JsonStructure source, JsonStructure target) {
        return Structures.diff(source, target);
    }

    @Override
    public JsonMergePatch createMergePatch(JsonValue patch) {
        return Structures.mergePatch(patch);
    }

    @Override
    public JsonMergePatch createMergeDiff(JsonValue source, JsonValue target) {
        return Structures.mergeDiff(source, target);
    }

    @Override
    public JsonString createValue(String value) {
        return new StringValue(value);
    }

    @Override
    public JsonNumber createValue(int value) {
        return NumberValue.of(value);
    }

    @Override
    public JsonNumber createValue(long value) {
        return NumberValue.of(value);
    }

    @Override
    public JsonNumber createValue(double value) {
        return NumberValue.of(value);
    }

    @Override
    public JsonNumber createValue(BigDecimal value) {
        return NumberValue.of(value);
    }

    @Override
    public JsonNumber createValue(BigInteger value) {
        return NumberValue.of(value);
    }

    @Override
    public JsonNumber createValue(Number value) {
        return NumberValue.of(value);
    }
}
