package dev.hyson.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import dev.hyson.Backend;
import dev.hyson.JsonReader;
import dev.hyson.msgpack.MessagePack;
import dev.hyson.msgpack.MessagePackFactory;
import dev.hyson.msgpack.MessagePacker;
import dev.hyson.stream.JsonParser;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** {@link CountAheadPack}'s two passes on each backend against the whole-document conversion. */
class CountAheadPackTest {
    private static JsonReader reader(Backend.Choice backend) {
        assumeFalse(backend == Backend.Choice.NATIVE && Backend.nativeKernels().isEmpty(), "native library not loaded");
        return JsonReader.builder().backend(backend).maxDocumentLength(Long.MAX_VALUE).build();
    }

    /** @return the MessagePack of json by the two passes, or null when they give up */
    private static byte[] countAhead(JsonReader reader, byte[] json) {
        CountAheadPack pack = new CountAheadPack();
        try (JsonParser p = reader.parser(new java.io.ByteArrayInputStream(json))) {
            if (!pack.count(p)) {
                return null;
            }
        }
        MessagePacker out = MessagePackFactory.defaults().newPacker();
        try (JsonParser p = reader.parser(new java.io.ByteArrayInputStream(json))) {
            pack.write(p, out);
        }
        return out.toByteArray();
    }

    @ParameterizedTest
    @EnumSource(value = Backend.Choice.class, names = {"JAVA", "NATIVE"})
    void documents_sameBytesAsTheWholeDocumentConversion(Backend.Choice backend) throws Exception {
        JsonReader reader = reader(backend);
        List<String> docs = new ArrayList<>(List.of("{\"a\":[1,2.5,\"x\",{}],\"b\":null,\"c\":{\"d\":[[],[true,false]]}}",
                "[]", "{}", "17", "-0.0", "\"\\u00e9\\ud83d\\ude00\"", "[" + "[1,{\"k\":\"v\"}],".repeat(5000) + "[]]",
                "{\"big\":" + "9".repeat(18) + ",\"neg\":-9223372036854775808,\"d\":1e300}"));
        Path corpus = Path.of("..", "..", "shared", "corpus");
        for (String name : List.of("twitter.json", "citm_catalog.json", "canada.json")) {
            if (Files.isRegularFile(corpus.resolve(name))) {
                docs.add(Files.readString(corpus.resolve(name)));
            }
        }
        for (String doc : docs) {
            byte[] json = doc.getBytes(StandardCharsets.UTF_8);
            byte[] streamed = countAhead(reader, json);
            assertTrue(streamed != null, doc.length() > 60 ? doc.substring(0, 60) : doc);
            assertArrayEquals(MessagePack.fromJson(json), streamed, doc.length() > 60 ? doc.substring(0, 60) : doc);
        }
    }

    @ParameterizedTest
    @EnumSource(value = Backend.Choice.class, names = {"JAVA", "NATIVE"})
    void treeOnlyForms_giveUpBeforeWriting(Backend.Choice backend) {
        JsonReader reader = reader(backend);
        // a repeated name (the tree keeps one member), an integer beyond long (the tree's BigInteger)
        for (String doc : List.of("{\"a\":1,\"b\":{\"c\":2,\"c\":3}}", "[1,18446744073709551615]")) {
            assertTrue(countAhead(reader, doc.getBytes(StandardCharsets.UTF_8)) == null, doc);
        }
        assertFalse(countAhead(reader, "{\"a\":{\"c\":1},\"b\":{\"c\":2}}".getBytes(StandardCharsets.UTF_8)) == null,
                "the same name in two objects is not a repeat");
    }
}
