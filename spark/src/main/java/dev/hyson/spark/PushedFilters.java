package dev.hyson.spark;

import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.sources.And;
import org.apache.spark.sql.sources.EqualNullSafe;
import org.apache.spark.sql.sources.EqualTo;
import org.apache.spark.sql.sources.Filter;
import org.apache.spark.sql.sources.GreaterThan;
import org.apache.spark.sql.sources.GreaterThanOrEqual;
import org.apache.spark.sql.sources.In;
import org.apache.spark.sql.sources.IsNotNull;
import org.apache.spark.sql.sources.IsNull;
import org.apache.spark.sql.sources.LessThan;
import org.apache.spark.sql.sources.LessThanOrEqual;
import org.apache.spark.sql.sources.Not;
import org.apache.spark.sql.sources.Or;
import org.apache.spark.sql.sources.StringContains;
import org.apache.spark.sql.sources.StringEndsWith;
import org.apache.spark.sql.sources.StringStartsWith;

/**
 * The filters Spark hands a DataSource V2 scan, named as {@code spark.read.json}'s reader sees them. Spark
 * translates a V2 source's filters with nested names allowed, so a column whose name is not a plain
 * identifier comes quoted ({@code `x y`}, {@code `a.b`}, {@code `1`}: {@code QuotingUtils.quoteIfNeeded}'s
 * backticks, a backtick inside doubled) and a struct's member as a dotted path; its JSON file source gets
 * them unquoted, and neither nested ones nor names with a dot. Here a top-level column's name is unquoted,
 * and a filter that names a member inside a struct or a column with a dot in its name (or a name that does
 * not parse) is left out, as that source leaves it, so that the same filters are pushed and the same lines are dropped early.
 */
final class PushedFilters {
    private PushedFilters() {
    }

    /**
     * @param filters the filters Spark offers
     * @return those that name top-level columns only, with the names unquoted
     */
    static Filter[] unquoted(Filter[] filters) {
        List<Filter> out = new ArrayList<>(filters.length);
        for (Filter f : filters) {
            Filter u = unquote(f);
            if (u != null) {
                out.add(u);
            }
        }
        return out.toArray(new Filter[0]);
    }

    /** @return {@code f} with its column names unquoted, or null when one is not a top-level column's */
    private static Filter unquote(Filter f) {
        if (f instanceof And) {
            Filter l = unquote(((And) f).left());
            Filter r = unquote(((And) f).right());
            return l == null || r == null ? null : new And(l, r);
        }
        if (f instanceof Or) {
            Filter l = unquote(((Or) f).left());
            Filter r = unquote(((Or) f).right());
            return l == null || r == null ? null : new Or(l, r);
        }
        if (f instanceof Not) {
            Filter c = unquote(((Not) f).child());
            return c == null ? null : new Not(c);
        }
        String[] refs = f.references();
        boolean plain = true;
        for (String ref : refs) {
            plain &= ref.indexOf('`') < 0 && ref.indexOf('.') < 0;
        }
        if (plain) {
            return f; // nothing quoted, nothing nested: as it is (also the filter classes not listed below)
        }
        if (refs.length != 1) {
            return null;
        }
        String name = column(refs[0]);
        if (name == null) {
            return null;
        }
        if (f instanceof EqualTo) {
            return new EqualTo(name, ((EqualTo) f).value());
        } else if (f instanceof EqualNullSafe) {
            return new EqualNullSafe(name, ((EqualNullSafe) f).value());
        } else if (f instanceof GreaterThan) {
            return new GreaterThan(name, ((GreaterThan) f).value());
        } else if (f instanceof GreaterThanOrEqual) {
            return new GreaterThanOrEqual(name, ((GreaterThanOrEqual) f).value());
        } else if (f instanceof LessThan) {
            return new LessThan(name, ((LessThan) f).value());
        } else if (f instanceof LessThanOrEqual) {
            return new LessThanOrEqual(name, ((LessThanOrEqual) f).value());
        } else if (f instanceof In) {
            return new In(name, ((In) f).values());
        } else if (f instanceof IsNull) {
            return new IsNull(name);
        } else if (f instanceof IsNotNull) {
            return new IsNotNull(name);
        } else if (f instanceof StringStartsWith) {
            return new StringStartsWith(name, ((StringStartsWith) f).value());
        } else if (f instanceof StringEndsWith) {
            return new StringEndsWith(name, ((StringEndsWith) f).value());
        } else if (f instanceof StringContains) {
            return new StringContains(name, ((StringContains) f).value());
        }
        return null; // another filter over a quoted name (a collated one): not pushed
    }

    /**
     * @param ref a filter's reference: dot-separated parts, each plain or in backticks (a backtick inside
     *     doubled)
     * @return the column's name when {@code ref} is one part without a dot, else null (a struct's member, a
     *     name with a dot, which {@code spark.read.json} does not push either, or not parsed)
     */
    static String column(String ref) {
        if (ref.isEmpty() || ref.charAt(0) != '`') {
            return ref.indexOf('.') < 0 && ref.indexOf('`') < 0 ? ref : null;
        }
        StringBuilder sb = new StringBuilder(ref.length());
        int i = 1;
        while (i < ref.length()) {
            char c = ref.charAt(i);
            if (c == '`') {
                if (i + 1 < ref.length() && ref.charAt(i + 1) == '`') {
                    sb.append('`');
                    i += 2;
                    continue;
                }
                // the closing quote ends the reference; a name with a dot is not pushed by Spark's JSON
                // source (its filters are translated without nested names, which leaves such names out)
                return i + 1 == ref.length() && sb.indexOf(".") < 0 ? sb.toString() : null;
            }
            sb.append(c);
            i++;
        }
        return null; // no closing quote
    }
}
