package dev.hyson.msgpack;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import dev.hyson.Backend;
import dev.hyson.JsonParseException;
import dev.hyson.JsonReader;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** {@link MessagePacker#packJson(Path)}: its two passes on each backend against the whole-document conversion. */
class FromJsonFileTest {
    @TempDir
    Path dir;

    private static JsonReader reader(Backend.Choice backend) {
        assumeFalse(backend == Backend.Choice.NATIVE && Backend.nativeKernels().isEmpty(), "native library not loaded");
        return JsonReader.builder().backend(backend).maxDepth(MessagePackFactory.DEFAULT_MAX_DEPTH)
                .maxDocumentLength(Long.MAX_VALUE).build();
    }

    /** @return the MessagePack of the two passes, or null when the first declined (then nothing was written) */
    private byte[] countAhead(JsonReader reader, byte[] json) throws Exception {
        Path f = Files.write(dir.resolve("doc.json"), json);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        boolean[] opened = {false};
        MessagePacker packer = MessagePackFactory.defaults().newPacker(out);
        boolean streamed = CountAhead.run(reader, f, () -> {
            opened[0] = true;
            return packer;
        });
        packer.flush();
        assertEquals(streamed, opened[0], "the packer is made only after the first pass succeeded");
        return streamed ? out.toByteArray() : null;
    }

    private byte[] viaFactory(byte[] json) throws Exception {
        Path f = Files.write(dir.resolve("doc.json"), json);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        MessagePackFactory.defaults().newPacker(out).packJson(f).flush();
        return out.toByteArray();
    }

    @ParameterizedTest
    @EnumSource(value = Backend.Choice.class, names = {"JAVA", "NATIVE"})
    void documents_sameBytesAsTheWholeDocumentConversion(Backend.Choice backend) throws Exception {
        JsonReader reader = reader(backend);
        List<String> docs = new ArrayList<>(List.of("{\"a\":[1,2.5,\"x\",{}],\"b\":null,\"c\":{\"d\":[[],[true,false]]}}",
                "[]", "{}", "17", "-0.0", "\"\\u00e9\\ud83d\\ude00\"", "[" + "[1,{\"k\":\"v\"}],".repeat(5000) + "[]]",
                "{\"big\":" + "9".repeat(18) + ",\"neg\":-9223372036854775808,\"d\":1e300}",
                "{\"é\":\"\\u00e9\\n\",\"日本\":\"語\",\"a\":{\"a\":{\"a\":1}},\"long_name_past_sixteen_bytes\":\"\\/\"}",
                "[" + ("{\"id\":1,\"text\":\"" + "x\\\"y".repeat(300) + "\",\"n\":[1.5,-2]},").repeat(2000) + "0]"));
        Path corpus = Path.of("..", "..", "shared", "corpus");
        for (String name : List.of("twitter.json", "citm_catalog.json", "canada.json")) {
            if (Files.isRegularFile(corpus.resolve(name))) {
                docs.add(Files.readString(corpus.resolve(name)));
            }
        }
        for (String doc : docs) {
            byte[] json = doc.getBytes(StandardCharsets.UTF_8);
            String shown = doc.length() > 60 ? doc.substring(0, 60) : doc;
            byte[] streamed = countAhead(reader, json);
            assertTrue(streamed != null, shown);
            assertArrayEquals(MessagePack.fromJson(doc), streamed, shown);
            assertArrayEquals(MessagePack.fromJson(doc), viaFactory(json), shown);
        }
    }

    @ParameterizedTest
    @EnumSource(value = Backend.Choice.class, names = {"JAVA", "NATIVE"})
    void treeOnlyForms_declineBeforeWriting_andTheFactoryConvertsThemWhole(Backend.Choice backend) throws Exception {
        JsonReader reader = reader(backend);
        // a repeated name (the tree keeps one member; names compare unescaped), an integer beyond long
        for (String doc : List.of("{\"a\":1,\"b\":{\"c\":2,\"c\":3}}", "{\"a\":1,\"\\u0061\":2}", "[1,18446744073709551615]",
                "18446744073709551615")) {
            byte[] json = doc.getBytes(StandardCharsets.UTF_8);
            assertTrue(countAhead(reader, json) == null, doc);
            assertArrayEquals(MessagePack.fromJson(doc), viaFactory(json), doc);
        }
        assertFalse(countAhead(reader, "{\"a\":{\"c\":1},\"b\":{\"c\":2}}".getBytes(StandardCharsets.UTF_8)) == null,
                "the same name in two objects is not a repeat");
        JsonParseException e = assertThrows(JsonParseException.class,
                () -> countAhead(reader, "{\"a\":[1,2,}".getBytes(StandardCharsets.UTF_8)));
        assertEquals(1, e.line());
    }

    /**
     * Text after the document's value is an error, as in {@code fromJson(byte[])}: the first pass
     * returned when the top-level value closed, so {@code [1]]} packed as {@code [1]} (found by a
     * helper's attack run; 15 JSONTestSuite n_ files got through).
     */
    @ParameterizedTest
    @EnumSource(value = Backend.Choice.class, names = {"JAVA", "NATIVE"})
    void trailingContent_isTheWholeDocumentError(Backend.Choice backend) throws Exception {
        JsonReader reader = reader(backend);
        for (String doc : List.of("[1]]", "{\"a\":1} garbage", "1 2", "\"x\"\"y\"", "{}{}", "[1,2] /", "18446744073709551615 x")) {
            byte[] json = doc.getBytes(StandardCharsets.UTF_8);
            JsonParseException whole = assertThrows(JsonParseException.class, () -> MessagePack.fromJson(json), doc);
            JsonParseException streamed = assertThrows(JsonParseException.class, () -> countAhead(reader, json), doc);
            assertEquals(whole.getMessage(), streamed.getMessage(), doc);
            JsonParseException factory = assertThrows(JsonParseException.class, () -> viaFactory(json), doc);
            assertEquals(whole.getMessage(), factory.getMessage(), doc);
        }
        assertArrayEquals(new byte[] {(byte) 0x91, 1}, countAhead(reader, "[1] \n\t".getBytes(StandardCharsets.UTF_8)));
    }
}
