package dev.hyson.bind;

/**
 * How a property's Java name becomes its member name, unless {@link Name} gives one. Applied once,
 * when a type's codec is built.
 */
public enum Naming {
    /** The Java name as declared: {@code screenName}. */
    AS_DECLARED,
    /** Lower case, words joined by {@code _}: {@code screenName} and {@code ScreenName} become {@code screen_name}, {@code userID} {@code user_id}. */
    SNAKE_CASE,
    /** Lower case, words joined by {@code -}: {@code screenName} becomes {@code screen-name}. */
    KEBAB_CASE;

    /**
     * @param javaName a Java identifier
     * @return its member name under this strategy
     */
    public String apply(String javaName) {
        if (this == AS_DECLARED) {
            return javaName;
        }
        char sep = this == SNAKE_CASE ? '_' : '-';
        StringBuilder b = new StringBuilder(javaName.length() + 4);
        int n = javaName.length();
        for (int i = 0; i < n; i++) {
            char c = javaName.charAt(i);
            if (Character.isUpperCase(c)) {
                boolean prevLower = i > 0 && !Character.isUpperCase(javaName.charAt(i - 1)) && javaName.charAt(i - 1) != '_';
                boolean nextLower = i + 1 < n && Character.isLowerCase(javaName.charAt(i + 1));
                boolean prevUpper = i > 0 && Character.isUpperCase(javaName.charAt(i - 1));
                if (b.length() > 0 && (prevLower || (prevUpper && nextLower))) {
                    b.append(sep);
                }
                b.append(Character.toLowerCase(c));
            } else {
                b.append(c);
            }
        }
        return b.toString();
    }
}
