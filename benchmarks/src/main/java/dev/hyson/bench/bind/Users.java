package dev.hyson.bench.bind;

import com.dslplatform.json.CompiledJson;
import io.avaje.jsonb.Json;
import java.util.List;

/**
 * The {@code users} model, in the shape of the users documents of fabienrenaud/java-json-benchmark:
 * a list of people with about twenty members each (strings, ints, a boolean, doubles, a list of
 * strings and a list of small records). Component names are the JSON member names. Instances come
 * from {@link ModelGenerator#users}.
 *
 * @param users the people
 */
@CompiledJson
@Json
public record Users(List<User> users) {

    /**
     * One person; every member is always present.
     *
     * @param _id a 24-digit hex id
     * @param index position in the list
     * @param guid a UUID, as a string
     * @param isActive whether the account is active
     * @param balance money, formatted ({@code "$1,234.56"})
     * @param picture an image URL
     * @param age years
     * @param eyeColor a colour name
     * @param name first and last name
     * @param gender {@code "male"} or {@code "female"}
     * @param company a company name
     * @param email an e-mail address
     * @param phone a formatted phone number
     * @param address street, city, state and zip code
     * @param about a paragraph of words
     * @param registered a timestamp, as a string
     * @param latitude degrees
     * @param longitude degrees
     * @param tags words
     * @param friends other people, by id and name
     * @param greeting a sentence
     * @param favoriteFruit a fruit
     */
    @CompiledJson
    @Json
    public record User(
            String _id,
            int index,
            String guid,
            boolean isActive,
            String balance,
            String picture,
            int age,
            String eyeColor,
            String name,
            String gender,
            String company,
            String email,
            String phone,
            String address,
            String about,
            String registered,
            double latitude,
            double longitude,
            List<String> tags,
            List<Friend> friends,
            String greeting,
            String favoriteFruit) {
    }

    /**
     * A friend of a {@link User}.
     *
     * @param id a small number
     * @param name first and last name
     */
    @CompiledJson
    @Json
    public record Friend(int id, String name) {
    }
}
