package dev.hyson;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A JSON Pointer (RFC 6901): a path of reference tokens from a document's root to one of its values,
 * written {@code "/statuses/42/user/screen_name"}; the empty pointer {@code ""} is the root itself.
 *
 * <p>In the text form each token follows a {@code '/'}, with {@code '~'} written {@code "~0"} and
 * {@code '/'} written {@code "~1"} (RFC 6901 section 3). A token selects an object's member by name, or
 * an array's element by index: {@code "0"} or digits without a leading zero (section 4); a token that
 * is a valid index is still a member name when the value is an object. Immutable and thread-safe.
 */
public final class JsonPointer {
    private static final JsonPointer ROOT = new JsonPointer("", List.of());

    private final String text;
    private final List<String> tokens;

    private JsonPointer(String text, List<String> tokens) {
        this.text = text;
        this.tokens = tokens;
    }

    /** @return the empty pointer, {@code ""}: the whole document */
    public static JsonPointer root() {
        return ROOT;
    }

    /**
     * Parses a pointer's text form (RFC 6901 section 3).
     *
     * @param pointer {@code ""}, or {@code '/'} followed by tokens separated by {@code '/'}
     * @return the pointer
     * @throws JsonPointerException of kind {@link JsonPointerException.Kind#INVALID_POINTER} when the
     *     text does not start with {@code '/'} (and is not empty) or has a {@code '~'} not followed by
     *     {@code '0'} or {@code '1'}
     * @throws NullPointerException when {@code pointer} is null
     */
    public static JsonPointer parse(String pointer) {
        if (pointer.isEmpty()) {
            return ROOT;
        }
        if (pointer.charAt(0) != '/') {
            throw new JsonPointerException(JsonPointerException.Kind.INVALID_POINTER, pointer,
                    "a JSON Pointer is empty or starts with '/' (RFC 6901 section 3)");
        }
        List<String> tokens = new ArrayList<>();
        int from = 1;
        while (true) {
            int slash = pointer.indexOf('/', from);
            int to = slash < 0 ? pointer.length() : slash;
            tokens.add(unescape(pointer, from, to));
            if (slash < 0) {
                break;
            }
            from = slash + 1;
        }
        return new JsonPointer(pointer, Collections.unmodifiableList(tokens));
    }

    /**
     * @param tokens the reference tokens, unescaped (a member name or an index each)
     * @return the pointer to them
     * @throws NullPointerException when a token is null
     */
    public static JsonPointer of(String... tokens) {
        JsonPointer p = ROOT;
        for (String t : tokens) {
            p = p.append(t);
        }
        return p;
    }

    private static String unescape(String s, int from, int to) {
        int tilde = s.indexOf('~', from);
        if (tilde < 0 || tilde >= to) {
            return s.substring(from, to);
        }
        StringBuilder b = new StringBuilder(to - from);
        for (int i = from; i < to; i++) {
            char c = s.charAt(i);
            if (c == '~') {
                char n = i + 1 < to ? s.charAt(i + 1) : 0;
                if (n != '0' && n != '1') {
                    throw new JsonPointerException(JsonPointerException.Kind.INVALID_POINTER, s,
                            "'~' must be followed by '0' or '1' in a JSON Pointer (RFC 6901 section 3), at index " + i);
                }
                b.append(n == '0' ? '~' : '/');
                i++;
            } else {
                b.append(c);
            }
        }
        return b.toString();
    }

    /**
     * @param token a reference token, unescaped
     * @return its text form: {@code '~'} as {@code "~0"}, {@code '/'} as {@code "~1"}
     */
    public static String escape(String token) {
        if (token.indexOf('~') < 0 && token.indexOf('/') < 0) {
            return token;
        }
        return token.replace("~", "~0").replace("/", "~1");
    }

    /**
     * @param token a member name or index, unescaped
     * @return this pointer with {@code token} appended
     */
    public JsonPointer append(String token) {
        List<String> t = new ArrayList<>(tokens.size() + 1);
        t.addAll(tokens);
        t.add(token);
        return new JsonPointer(text + "/" + escape(token), Collections.unmodifiableList(t));
    }

    /**
     * @param index an array index, at least 0
     * @return this pointer with the index appended
     * @throws IllegalArgumentException when {@code index} is negative
     */
    public JsonPointer append(int index) {
        if (index < 0) {
            throw new IllegalArgumentException("negative array index " + index);
        }
        return append(Integer.toString(index));
    }

    /** @return the reference tokens, unescaped, root first (unmodifiable) */
    public List<String> tokens() {
        return tokens;
    }

    /** @return whether this is the empty pointer (the root) */
    public boolean isRoot() {
        return tokens.isEmpty();
    }

    /**
     * @param token a reference token
     * @return the array index it denotes (RFC 6901 section 4: {@code "0"}, or digits without a leading
     *     zero, below 2^31), or -1 when it is not an index (a {@code "-"} included)
     */
    public static int index(String token) {
        int n = token.length();
        if (n == 0 || n > 10 || (n > 1 && token.charAt(0) == '0')) {
            return -1;
        }
        long v = 0;
        for (int i = 0; i < n; i++) {
            char c = token.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            v = v * 10 + (c - '0');
        }
        return v > Integer.MAX_VALUE ? -1 : (int) v;
    }

    /** @return the text form, e.g. {@code "/a~1b/0"} */
    @Override
    public String toString() {
        return text;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof JsonPointer && ((JsonPointer) o).text.equals(text);
    }

    @Override
    public int hashCode() {
        return text.hashCode();
    }
}
