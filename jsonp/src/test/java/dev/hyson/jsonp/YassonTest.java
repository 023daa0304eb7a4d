package dev.hyson.jsonp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import jakarta.json.bind.Jsonb;
import jakarta.json.bind.JsonbBuilder;
import jakarta.json.bind.JsonbException;
import jakarta.json.spi.JsonProvider;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * JSON-B (Eclipse Yasson 3) with hyson's provider as the only JSON-P provider on the class path:
 * records and classes bound both ways, and a parse error that comes from hyson's scan.
 */
class YassonTest {
    private static Jsonb jsonb;

    /** A record with nested records, a list, a map and a BigDecimal. */
    public record Order(String id, int quantity, BigDecimal price, List<Line> lines, Map<String, String> tags) {
    }

    /** A nested record. */
    public record Line(String sku, double weight, boolean gift) {
    }

    /** A JavaBean-style class. */
    public static class Customer {
        private String name;
        private long points;
        private Optional<String> email = Optional.empty();
        private List<Integer> scores = new ArrayList<>();

        public String getName() {
            return name;
        }

        public void setName(String name) {
            this.name = name;
        }

        public long getPoints() {
            return points;
        }

        public void setPoints(long points) {
            this.points = points;
        }

        public Optional<String> getEmail() {
            return email;
        }

        public void setEmail(Optional<String> email) {
            this.email = email;
        }

        public List<Integer> getScores() {
            return scores;
        }

        public void setScores(List<Integer> scores) {
            this.scores = scores;
        }
    }

    @BeforeAll
    static void create() {
        jsonb = JsonbBuilder.create();
    }

    @AfterAll
    static void close() throws Exception {
        jsonb.close();
    }

    @Test
    void theProviderInUseIsHysons() {
        assertEquals(HysonJsonProvider.class, JsonProvider.provider().getClass());
        assertThrows(ClassNotFoundException.class, () -> Class.forName("org.eclipse.parsson.JsonProviderImpl"));
        // Yasson's parse error wraps the JSON-P parser's, which wraps hyson's scan error
        JsonbException e = assertThrows(JsonbException.class, () -> jsonb.fromJson("{\"name\": tru}", Customer.class));
        Throwable t = e;
        while (t.getCause() != null && !(t instanceof dev.hyson.JsonParseException)) {
            t = t.getCause();
        }
        assertInstanceOf(dev.hyson.JsonParseException.class, t, "the error should come from hyson's scan: " + e);
    }

    @Test
    void recordsRoundTrip() {
        Map<String, String> tags = new LinkedHashMap<>();
        tags.put("channel", "web");
        tags.put("note", "caf\u00e9 \"quoted\"");
        Order o = new Order("A-1", 3, new BigDecimal("19.90"),
                List.of(new Line("sku-1", 0.25, false), new Line("sku-2", 1.5, true)), tags);
        String json = jsonb.toJson(o);
        assertEquals("{\"id\":\"A-1\",\"lines\":[{\"gift\":false,\"sku\":\"sku-1\",\"weight\":0.25},"
                + "{\"gift\":true,\"sku\":\"sku-2\",\"weight\":1.5}],\"price\":19.90,\"quantity\":3,"
                + "\"tags\":{\"channel\":\"web\",\"note\":\"caf\u00e9 \\\"quoted\\\"\"}}", json);
        assertEquals(o, jsonb.fromJson(json, Order.class));
    }

    @Test
    void classesBindFromText() {
        Customer c = jsonb.fromJson("{\"name\":\"Ada\",\"points\":9007199254740993,\"email\":\"ada@example.org\","
                + "\"scores\":[3,1,2],\"unknown\":{\"x\":[1,2]}}", Customer.class);
        assertEquals("Ada", c.getName());
        assertEquals(9007199254740993L, c.getPoints());
        assertEquals(Optional.of("ada@example.org"), c.getEmail());
        assertEquals(List.of(3, 1, 2), c.getScores());
        assertEquals("{\"email\":\"ada@example.org\",\"name\":\"Ada\",\"points\":9007199254740993,\"scores\":[3,1,2]}",
                jsonb.toJson(c));
    }
}
