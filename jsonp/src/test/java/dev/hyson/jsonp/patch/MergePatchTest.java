package dev.hyson.jsonp.patch;

import static dev.hyson.jsonp.patch.TestJson.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import jakarta.json.JsonValue;
import org.junit.jupiter.api.Test;

class MergePatchTest {
    private static void check(String original, String patch, String result) {
        JsonValue target = json(original);
        assertEquals(json(result), new MergePatch(json(patch)).apply(target), original + " + " + patch);
        assertEquals(json(original), target, "the target is not changed");
    }

    /** RFC 7396 appendix A, every row. */
    @Test
    void rfc7396AppendixA() {
        check("{'a':'b'}", "{'a':'c'}", "{'a':'c'}");
        check("{'a':'b'}", "{'b':'c'}", "{'a':'b','b':'c'}");
        check("{'a':'b'}", "{'a':null}", "{}");
        check("{'a':'b','b':'c'}", "{'a':null}", "{'b':'c'}");
        check("{'a':['b']}", "{'a':'c'}", "{'a':'c'}");
        check("{'a':'c'}", "{'a':['b']}", "{'a':['b']}");
        check("{'a':{'b':'c'}}", "{'a':{'b':'d','c':null}}", "{'a':{'b':'d'}}");
        check("{'a':[{'b':'c'}]}", "{'a':[1]}", "{'a':[1]}");
        check("['a','b']", "['c','d']", "['c','d']");
        check("{'a':'b'}", "['c']", "['c']");
        check("{'a':'foo'}", "null", "null");
        check("{'a':'foo'}", "'bar'", "'bar'");
        check("{'e':null}", "{'a':1}", "{'e':null,'a':1}");
        check("[1,2]", "{'a':'b','c':null}", "{'a':'b'}");
        check("{}", "{'a':{'bb':{'ccc':null}}}", "{'a':{'bb':{}}}");
    }

    /** RFC 7396 section 3. */
    @Test
    void rfc7396Section3() {
        check("{'title':'Goodbye!','author':{'givenName':'John','familyName':'Doe'},"
                        + "'tags':['example','sample'],'content':'This will be unchanged'}",
                "{'title':'Hello!','phoneNumber':'+01-123-456-7890','author':{'familyName':null},'tags':['example']}",
                "{'title':'Hello!','author':{'givenName':'John'},'tags':['example'],"
                        + "'content':'This will be unchanged','phoneNumber':'+01-123-456-7890'}");
    }

    @Test
    void scalarsAndNulls() {
        check("1", "{'a':null}", "{}");
        check("null", "{'a':1}", "{'a':1}");
        check("true", "false", "false");
        check("{'a':{'b':1}}", "{'a':{'b':null}}", "{'a':{}}");
        check("{'a':{'b':1}}", "{}", "{'a':{'b':1}}");
        check("{'a':1}", "{'a':{'b':{'c':null,'d':[null]}}}", "{'a':{'b':{'d':[null]}}}");
    }

    @Test
    void identity() {
        MergePatch p = new MergePatch(json("{'a':null}"));
        assertEquals(json("{'a':null}"), p.toJsonValue());
        assertSame(JsonValue.NULL, new MergePatch(JsonValue.NULL).toJsonValue());
        assertEquals(new MergePatch(json("{'a':null}")), p);
        assertEquals(new MergePatch(json("{'a':null}")).hashCode(), p.hashCode());
        assertNotEquals(new MergePatch(json("{'a':1}")), p);
        assertEquals("{\"a\":null}", p.toString());
        assertThrows(NullPointerException.class, () -> new MergePatch(null));
        assertThrows(NullPointerException.class, () -> p.apply(null));
    }
}
