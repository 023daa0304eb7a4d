package dev.hyson.bind;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Leaves a property out of binding: it is never written, and a member of its name is skipped when
 * read (even while unknown members are an error). A record component marked so still takes a
 * constructor argument: it gets null, 0 or false (or an empty {@code Optional}).
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.RECORD_COMPONENT, ElementType.FIELD, ElementType.METHOD})
public @interface Ignore {
}
