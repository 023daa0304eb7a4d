package dev.hyson.bind;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Makes a member mandatory when read: an object without it fails with
 * {@link dev.hyson.JsonParseException.Kind#MISSING_MEMBER} (the pointer names the object). Without
 * this annotation a missing member gets null, 0, false or an empty {@code Optional} (a record or
 * creator argument), or keeps its initial value (a field or setter). A present {@code null} is
 * not missing.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.RECORD_COMPONENT, ElementType.FIELD, ElementType.METHOD, ElementType.PARAMETER})
public @interface Required {
}
