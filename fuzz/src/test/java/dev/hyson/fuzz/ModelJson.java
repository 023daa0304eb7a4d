package dev.hyson.fuzz;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;

/**
 * JSON text shaped like {@link Models}, from fuzzer data: each member present or not, mostly of
 * its property's JSON type and in range, sometimes any other value, sometimes repeated or unknown,
 * so that binding gets past the first member and reaches every codec.
 */
final class ModelJson {
    /** The members of {@link Models.Everything}, each with the shape of its value. */
    private static final String[][] EVERYTHING = {
        {"z", "bool"}, {"b", "int"}, {"s", "int"}, {"c", "char"}, {"i", "int"}, {"l", "long"}, {"f", "num"},
        {"d", "num"}, {"bz", "bool"}, {"bi", "int"}, {"bl", "long"}, {"bd", "num"}, {"bc", "char"}, {"str", "str"},
        {"dec", "num"}, {"big", "long"}, {"strings", "[str"}, {"points", "[point"}, {"counts", "{long"},
        {"byNumber", "#str"}, {"sorted", "{int"}, {"colors", "[color"}, {"nick", "str"}, {"oi", "int"}, {"ol", "long"},
        {"od", "num"}, {"color", "color"}, {"ints", "[int"}, {"doubles", "[num"}, {"names", "[str"}, {"blob", "b64"},
        {"pointArray", "[point"}, {"nested", "point"}, {"id", "uuid"}, {"when", "instant"}, {"day", "date"},
        {"any", "any"}, {"num", "num"},
    };
    private static final String[][] BEAN = {
        {"label", "str"}, {"count", "long"}, {"points", "[point"}, {"items", "{everything"}, {"color", "color"},
    };
    private static final String[] COLORS = {"RED", "GREEN", "bleu", "BLUE", "red", ""};

    private final FuzzedDataProvider data;
    private final StringBuilder out = new StringBuilder();
    private int budget = 300;

    ModelJson(FuzzedDataProvider data) {
        this.data = data;
    }

    String document(boolean bean) {
        object(bean ? BEAN : EVERYTHING);
        return out.toString();
    }

    private void object(String[][] members) {
        out.append('{');
        boolean first = true;
        for (String[] m : members) {
            if (budget-- < 0 || data.consumeInt(0, 3) == 0) {
                continue;
            }
            first = comma(first);
            out.append('"').append(data.consumeInt(0, 40) == 0 ? "x" + m[0] : m[0]).append("\":");
            value(m[1]);
            if (data.consumeInt(0, 30) == 0) {
                out.append(",\"").append(m[0]).append("\":");
                value(m[1]);
            }
        }
        out.append('}');
    }

    private boolean comma(boolean first) {
        if (!first) {
            out.append(',');
        }
        return false;
    }

    private void value(String shape) {
        if (budget-- < 0 || data.consumeInt(0, 12) == 0) {
            any(0);
            return;
        }
        switch (shape.charAt(0)) {
            case '[' -> {
                out.append('[');
                int n = data.consumeInt(0, 4);
                for (int i = 0; i < n; i++) {
                    comma(i == 0);
                    value(shape.substring(1));
                }
                out.append(']');
            }
            case '{', '#' -> {
                out.append('{');
                int n = data.consumeInt(0, 3);
                for (int i = 0; i < n; i++) {
                    comma(i == 0);
                    string(shape.charAt(0) == '#' ? Integer.toString(data.consumeInt(-5, 300)) : data.consumeAsciiString(4));
                    out.append(':');
                    value(shape.substring(1));
                }
                out.append('}');
            }
            default -> scalar(shape);
        }
    }

    private void scalar(String shape) {
        switch (shape) {
            case "bool" -> out.append(data.consumeBoolean());
            case "int" -> out.append(data.consumeInt(-40000, 40000));
            case "long" -> out.append(data.consumeBoolean() ? Long.toString(data.consumeLong()) : data.consumeInt(0, 99) + "e" + data.consumeInt(0, 20));
            case "num" -> out.append(data.consumeBoolean() ? Double.toString(data.consumeRegularDouble())
                    : data.consumeInt() + "." + Math.abs(data.consumeLong()) + "e" + data.consumeInt(-330, 330));
            case "char" -> string(data.consumeString(data.consumeInt(0, 2)));
            case "str" -> string(data.consumeString(data.consumeInt(0, 10)));
            case "color" -> string(COLORS[data.consumeInt(0, COLORS.length - 1)]);
            case "b64" -> string(java.util.Base64.getEncoder().encodeToString(data.consumeBytes(data.consumeInt(0, 9))));
            case "uuid" -> string(new java.util.UUID(data.consumeLong(), data.consumeLong()).toString());
            case "instant" -> string(java.time.Instant.ofEpochSecond(data.consumeLong(-99999999999L, 99999999999L),
                    data.consumeInt(0, 999999999)).toString());
            case "date" -> string(java.time.LocalDate.ofEpochDay(data.consumeLong(-999999, 999999)).toString());
            case "point" -> {
                if (data.consumeBoolean()) {
                    object(new String[][] {{"x", "int"}, {"y", "int"}});
                } else {
                    out.append("{\"y\":").append(data.consumeInt()).append(",\"x\":").append(data.consumeInt()).append('}');
                }
            }
            case "everything" -> object(EVERYTHING);
            default -> any(0);
        }
    }

    private void any(int depth) {
        switch (data.consumeInt(0, depth > 3 ? 5 : 7)) {
            case 0 -> out.append("null");
            case 1 -> out.append(data.consumeBoolean());
            case 2 -> out.append(data.consumeLong());
            case 3 -> out.append(data.consumeRegularDouble());
            case 4 -> string(data.consumeString(6));
            case 5 -> out.append(data.consumeAsciiString(4));   // raw text: maybe a syntax error
            case 6 -> {
                out.append('[');
                int n = data.consumeInt(0, 3);
                for (int i = 0; i < n; i++) {
                    comma(i == 0);
                    any(depth + 1);
                }
                out.append(']');
            }
            default -> {
                out.append('{');
                int n = data.consumeInt(0, 3);
                for (int i = 0; i < n; i++) {
                    comma(i == 0);
                    string(data.consumeAsciiString(3));
                    out.append(':');
                    any(depth + 1);
                }
                out.append('}');
            }
        }
    }

    private void string(String s) {
        out.append(dev.hyson.JsonWriter.defaults().write(s));
    }
}
