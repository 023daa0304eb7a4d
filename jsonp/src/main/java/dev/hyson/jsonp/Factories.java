package dev.hyson.jsonp;

import dev.hyson.jsonp.stream.HysonGenerator;
import dev.hyson.jsonp.stream.HysonJsonWriter;
import dev.hyson.jsonp.stream.Inputs;
import dev.hyson.jsonp.value.ValueText;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonReaderFactory;
import jakarta.json.JsonWriter;
import jakarta.json.JsonWriterFactory;
import jakarta.json.stream.JsonGenerator;
import jakarta.json.stream.JsonGeneratorFactory;
import jakarta.json.stream.JsonParser;
import jakarta.json.stream.JsonParserFactory;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Objects;

/** The four JSON-P factories, each holding one {@link Config}; immutable and thread-safe. */
final class Factories {
    private Factories() {
    }

    /** Parsers. */
    static final class Parsers implements JsonParserFactory {
        private final Config c;

        Parsers(Config c) {
            this.c = c;
        }

        @Override
        public JsonParser createParser(Reader reader) {
            return c.parser(Inputs.utf8(Objects.requireNonNull(reader, "reader")));
        }

        @Override
        public JsonParser createParser(InputStream in) {
            return c.parser(Inputs.detect(Objects.requireNonNull(in, "in")));
        }

        @Override
        public JsonParser createParser(InputStream in, Charset charset) {
            return c.parser(Config.input(Objects.requireNonNull(in, "in"), Objects.requireNonNull(charset, "charset")));
        }

        @Override
        public JsonParser createParser(JsonObject obj) {
            return c.parser(ValueText.of(Objects.requireNonNull(obj, "obj")).getBytes(StandardCharsets.UTF_8));
        }

        @Override
        public JsonParser createParser(JsonArray array) {
            return c.parser(ValueText.of(Objects.requireNonNull(array, "array")).getBytes(StandardCharsets.UTF_8));
        }

        @Override
        public Map<String, ?> getConfigInUse() {
            return c.readInUse;
        }
    }

    /** Generators. */
    static final class Generators implements JsonGeneratorFactory {
        private final Config c;

        Generators(Config c) {
            this.c = c;
        }

        @Override
        public JsonGenerator createGenerator(Writer writer) {
            return c.generator(Objects.requireNonNull(writer, "writer"));
        }

        @Override
        public JsonGenerator createGenerator(OutputStream out) {
            return c.generator(Objects.requireNonNull(out, "out"));
        }

        @Override
        public JsonGenerator createGenerator(OutputStream out, Charset charset) {
            return c.generator(Objects.requireNonNull(out, "out"), Objects.requireNonNull(charset, "charset"));
        }

        @Override
        public Map<String, ?> getConfigInUse() {
            return c.writeInUse;
        }
    }

    /** Readers. */
    static final class Readers implements JsonReaderFactory {
        private final Config c;

        Readers(Config c) {
            this.c = c;
        }

        @Override
        public JsonReader createReader(Reader reader) {
            return c.jsonReader(Inputs.utf8(Objects.requireNonNull(reader, "reader")));
        }

        @Override
        public JsonReader createReader(InputStream in) {
            return c.jsonReader(Inputs.detect(Objects.requireNonNull(in, "in")));
        }

        @Override
        public JsonReader createReader(InputStream in, Charset charset) {
            return c.jsonReader(Config.input(Objects.requireNonNull(in, "in"), Objects.requireNonNull(charset, "charset")));
        }

        @Override
        public Map<String, ?> getConfigInUse() {
            return c.readInUse;
        }
    }

    /** Writers. */
    static final class Writers implements JsonWriterFactory {
        private final Config c;

        Writers(Config c) {
            this.c = c;
        }

        @Override
        public JsonWriter createWriter(Writer writer) {
            HysonGenerator g = c.generator(Objects.requireNonNull(writer, "writer"));
            return new HysonJsonWriter(g, writer);
        }

        @Override
        public JsonWriter createWriter(OutputStream out) {
            HysonGenerator g = c.generator(Objects.requireNonNull(out, "out"));
            return new HysonJsonWriter(g, out);
        }

        @Override
        public JsonWriter createWriter(OutputStream out, Charset charset) {
            Objects.requireNonNull(out, "out");
            if (charset.equals(StandardCharsets.UTF_8)) {
                return createWriter(out);
            }
            Writer w = new OutputStreamWriter(out, charset);
            return new HysonJsonWriter(c.generator(w), w);
        }

        @Override
        public Map<String, ?> getConfigInUse() {
            return c.writeInUse;
        }
    }
}
