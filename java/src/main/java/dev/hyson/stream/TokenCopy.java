package dev.hyson.stream;

import dev.hyson.DuplicateKeyPolicy;
import dev.hyson.JsonParseException;
import java.util.ArrayDeque;
import java.util.HashSet;
import java.util.Set;

/**
 * {@link JsonGenerator#copyCurrentStructure(JsonParser, DuplicateKeyPolicy)} for any parser and
 * generator: a loop over the parser's tokens, with one set of names per open object when repeated
 * names are checked.
 */
final class TokenCopy {
    private TokenCopy() {
    }

    static void copy(JsonParser p, JsonGenerator g, DuplicateKeyPolicy repeated) {
        JsonToken t = p.currentToken();
        if (t == null || t.isEnd()) {
            throw new IllegalStateException("copyCurrentStructure needs the parser at a value or a name, not at " + t);
        }
        ArrayDeque<Set<String>> seen = new ArrayDeque<>();
        int depth = 0;
        for (;;) {
            switch (t) {
                case START_OBJECT:
                    g.writeStartObject();
                    if (repeated != null) {
                        seen.push(new HashSet<>());
                    }
                    depth++;
                    break;
                case START_ARRAY:
                    g.writeStartArray();
                    if (repeated != null) {
                        seen.push(new HashSet<>());
                    }
                    depth++;
                    break;
                case END_OBJECT:
                    g.writeEndObject();
                    seen.poll();
                    depth--;
                    break;
                case END_ARRAY:
                    g.writeEndArray();
                    seen.poll();
                    depth--;
                    break;
                case NAME: {
                    String name = p.getString();
                    Set<String> names = seen.peek();
                    if (names != null && !names.add(name)) {
                        if (repeated != DuplicateKeyPolicy.FIRST_WINS) {
                            JsonLocation at = p.location();
                            throw new JsonParseException(JsonParseException.Kind.DUPLICATE_KEY, "repeated member name \""
                                    + name + "\"", repeated == DuplicateKeyPolicy.LAST_WINS
                                    ? "a stream cannot let the last value win once the first was written; read the value whole"
                                    : "member names must be unique in an object (DuplicateKeyPolicy.ERROR)",
                                    at.offset(), at.line(), at.column());
                        }
                        p.nextToken();
                        p.skipValue();
                        t = null; // the member is left out
                        break;
                    }
                    g.writeName(name);
                    break;
                }
                case STRING:
                    g.writeString(p.getString());
                    break;
                case NUMBER:
                    switch (p.numberType()) {
                        case INT:
                        case LONG:
                            g.writeNumber(p.getLong());
                            break;
                        case DOUBLE:
                            g.writeNumber(p.getDouble());
                            break;
                        case BIG_INTEGER:
                            g.writeNumber(p.getBigInteger());
                            break;
                        default:
                            g.writeNumber(p.getBigDecimal());
                    }
                    break;
                case TRUE:
                    g.writeBoolean(true);
                    break;
                case FALSE:
                    g.writeBoolean(false);
                    break;
                default:
                    g.writeNull();
            }
            if (depth == 0 && t != JsonToken.NAME) {
                return;
            }
            t = p.nextToken();
            if (t == null) {
                throw new IllegalStateException("the parser ended inside the value being copied");
            }
        }
    }
}
