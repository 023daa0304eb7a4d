package dev.hyson.bench.bind;

import com.dslplatform.json.CompiledJson;
import io.avaje.jsonb.Json;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;

/**
 * The {@code clients} model, in the shape of the clients documents of
 * fabienrenaud/java-json-benchmark: like {@link Users} but with typed members that a binder must
 * convert: {@code long}, {@link UUID}, {@link BigDecimal}, an enum, arrays ({@code String[]},
 * {@code long[]}), {@link LocalDate}, {@link OffsetDateTime} and a list of records. Instances come
 * from {@link ModelGenerator#clients}.
 *
 * <p>The arrays make {@code equals} of {@link Client} compare by identity, so tests compare these
 * records member by member.
 *
 * @param clients the clients
 */
@CompiledJson
@Json
public record Clients(List<Client> clients) {

    /** An eye colour, written as its name. */
    public enum EyeColor {
        BROWN, BLUE, GREEN
    }

    /**
     * One client; every member is always present.
     *
     * @param id a positive number beyond the {@code int} range
     * @param index position in the list
     * @param guid a random UUID
     * @param isActive whether the account is active
     * @param balance money with two decimals
     * @param picture an image URL
     * @param age years
     * @param eyeColor an enum
     * @param name first and last name
     * @param gender {@code "male"} or {@code "female"}
     * @param company a company name
     * @param emails e-mail addresses
     * @param phones phone numbers, as digits
     * @param address street, city, state and zip code
     * @param about a paragraph of words
     * @param registered a date ({@code yyyy-MM-dd})
     * @param lastLogin a timestamp with milliseconds and an offset
     * @param latitude degrees
     * @param longitude degrees
     * @param tags words
     * @param partners other clients
     */
    @CompiledJson
    @Json
    public record Client(
            long id,
            int index,
            UUID guid,
            boolean isActive,
            BigDecimal balance,
            String picture,
            int age,
            EyeColor eyeColor,
            String name,
            String gender,
            String company,
            String[] emails,
            long[] phones,
            String address,
            String about,
            LocalDate registered,
            OffsetDateTime lastLogin,
            double latitude,
            double longitude,
            String[] tags,
            List<Partner> partners) {
    }

    /**
     * A partner of a {@link Client}.
     *
     * @param id a positive number
     * @param name a company name
     * @param since when the partnership started, with an offset
     */
    @CompiledJson
    @Json
    public record Partner(long id, String name, OffsetDateTime since) {
    }
}
