package dev.hyson;

/**
 * A value could not be written as JSON: a type with no JSON form and no registered encoder, a
 * cycle, nesting beyond the writer's depth limit, a non-finite double while those are not allowed,
 * or a map key of an unsupported type. The message names the problem and the path to the value in
 * JSONPath-like notation ({@code $.users[3].address}), also available from {@link #path()}.
 */
public final class JsonWriteException extends JsonException {
    private static final long serialVersionUID = 1L;

    /** What is wrong, without the location. */
    private final String problem;
    /** The JSONPath-like location of the value. */
    private final String path;

    /**
     * @param problem what is wrong, without the location
     * @param path the JSONPath-like location of the value, {@code $} for the root
     */
    public JsonWriteException(String problem, String path) {
        super(problem + " at " + path);
        this.problem = problem;
        this.path = path;
    }

    /** @return what is wrong, without the location */
    public String problem() {
        return problem;
    }

    /** @return the location of the offending value, such as {@code $.items[2].price}; {@code $} is the root */
    public String path() {
        return path;
    }
}
