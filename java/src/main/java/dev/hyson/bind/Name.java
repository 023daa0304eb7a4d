package dev.hyson.bind;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The member name of a record component, field, property method or constructor parameter, in place
 * of its Java name (and of the {@link Naming} strategy), in both directions; or the string of an enum
 * constant in place of its {@code name()}.
 *
 * <pre>{@code
 * record Account(@Name("protected") boolean isProtected, @Name("screen_name") String screenName) { }
 * enum Level { @Name("warn") WARNING, @Name("error") ERROR }
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.RECORD_COMPONENT, ElementType.FIELD, ElementType.METHOD, ElementType.PARAMETER})
public @interface Name {
    /** @return the member name (any string, matched exactly, case-sensitive) */
    String value();
}
