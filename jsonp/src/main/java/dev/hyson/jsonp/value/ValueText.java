package dev.hyson.jsonp.value;

import jakarta.json.JsonArray;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.util.Map;

/**
 * The compact JSON text of a {@link JsonValue}, as {@code toString()} of every value in this
 * package gives it: no whitespace, strings escaped as RFC 8259 section 7 requires ({@code "},
 * {@code \} and U+0000 to U+001F; the short forms {@code \b \f \n \r \t} where they exist), all
 * other characters as they are. Numbers as {@link JsonNumber#toString()}.
 */
public final class ValueText {
    private static final char[] HEX = "0123456789abcdef".toCharArray();

    private ValueText() {
    }

    /**
     * @param value any value
     * @return its compact JSON text
     */
    public static String of(JsonValue value) {
        StringBuilder b = new StringBuilder();
        write(value, b);
        return b.toString();
    }

    /**
     * Appends the compact JSON text of {@code value}. Nesting is followed with an explicit stack depth
     * of the value's own (the values come from builders or from a parse limited in depth).
     *
     * @param value any value
     * @param b where the text goes
     */
    public static void write(JsonValue value, StringBuilder b) {
        switch (value.getValueType()) {
            case OBJECT: {
                b.append('{');
                boolean first = true;
                for (Map.Entry<String, JsonValue> e : ((JsonObject) value).entrySet()) {
                    if (!first) {
                        b.append(',');
                    }
                    first = false;
                    quote(e.getKey(), b);
                    b.append(':');
                    write(e.getValue(), b);
                }
                b.append('}');
                break;
            }
            case ARRAY: {
                b.append('[');
                boolean first = true;
                for (JsonValue v : (JsonArray) value) {
                    if (!first) {
                        b.append(',');
                    }
                    first = false;
                    write(v, b);
                }
                b.append(']');
                break;
            }
            case STRING:
                quote(((JsonString) value).getString(), b);
                break;
            case NUMBER:
                b.append(((JsonNumber) value).toString());
                break;
            case TRUE:
                b.append("true");
                break;
            case FALSE:
                b.append("false");
                break;
            default:
                b.append("null");
        }
    }

    /**
     * Appends {@code s} as a JSON string literal.
     *
     * @param s the characters
     * @param b where the literal goes
     */
    public static void quote(String s, StringBuilder b) {
        b.append('"');
        int from = 0;
        for (int i = 0, n = s.length(); i < n; i++) {
            char c = s.charAt(i);
            if (c >= 0x20 && c != '"' && c != '\\') {
                continue;
            }
            b.append(s, from, i);
            from = i + 1;
            switch (c) {
                case '"': b.append("\\\""); break;
                case '\\': b.append("\\\\"); break;
                case '\b': b.append("\\b"); break;
                case '\f': b.append("\\f"); break;
                case '\n': b.append("\\n"); break;
                case '\r': b.append("\\r"); break;
                case '\t': b.append("\\t"); break;
                default: b.append("\\u00").append(HEX[c >> 4]).append(HEX[c & 15]);
            }
        }
        b.append(s, from, s.length()).append('"');
    }
}
