package dev.hyson.bench.bind;

import com.dslplatform.json.CompiledJson;
import io.avaje.jsonb.Json;
import java.util.List;
import java.util.Map;

/**
 * The corpus document {@code citm_catalog.json} (a concert hall's catalogue) as records: every
 * member of the file has a component of the same name. The catalogue's lookup tables are objects
 * keyed by id strings, bound as {@code Map<String, X>}; {@code blockNames} and {@code subjectNames}
 * are empty, {@code blockIds} lists are empty throughout, and {@code description},
 * {@code subjectCode}, {@code subtitle}, {@code name} (of a performance) and {@code seatMapImage}
 * are null throughout.
 *
 * @param areaNames area name by area id
 * @param audienceSubCategoryNames audience sub-category name by id
 * @param blockNames block name by id (empty)
 * @param events events by event id
 * @param performances the performances
 * @param seatCategoryNames seat category name by id
 * @param subTopicNames sub-topic name by id
 * @param subjectNames subject name by id (empty)
 * @param topicNames topic name by id
 * @param topicSubTopics sub-topic ids by topic id
 * @param venueNames venue name by venue code
 */
@CompiledJson
@Json
public record CitmCatalog(
        Map<String, String> areaNames,
        Map<String, String> audienceSubCategoryNames,
        Map<String, String> blockNames,
        Map<String, Event> events,
        List<Performance> performances,
        Map<String, String> seatCategoryNames,
        Map<String, String> subTopicNames,
        Map<String, String> subjectNames,
        Map<String, String> topicNames,
        Map<String, List<Integer>> topicSubTopics,
        Map<String, String> venueNames) {

    /**
     * @param description null throughout
     * @param id the event id
     * @param logo null or an image path
     * @param name the event's name
     * @param subTopicIds sub-topics
     * @param subjectCode null throughout
     * @param subtitle null throughout
     * @param topicIds topics
     */
    @CompiledJson
    @Json
    public record Event(
            String description,
            int id,
            String logo,
            String name,
            List<Integer> subTopicIds,
            String subjectCode,
            String subtitle,
            List<Integer> topicIds) {
    }

    /**
     * @param eventId the event performed
     * @param id the performance id
     * @param logo null or an image path
     * @param name null throughout
     * @param prices prices by seat category and audience
     * @param seatCategories areas by seat category
     * @param seatMapImage null throughout
     * @param start milliseconds since 1970
     * @param venueCode e.g. {@code "PLEYEL_PLEYEL"}
     */
    @CompiledJson
    @Json
    public record Performance(
            int eventId,
            int id,
            String logo,
            String name,
            List<Price> prices,
            List<SeatCategory> seatCategories,
            String seatMapImage,
            long start,
            String venueCode) {
    }

    /**
     * @param amount in cents
     * @param audienceSubCategoryId the audience
     * @param seatCategoryId the seat category
     */
    @CompiledJson
    @Json
    public record Price(int amount, int audienceSubCategoryId, int seatCategoryId) {
    }

    /**
     * @param areas the areas of the category
     * @param seatCategoryId the seat category
     */
    @CompiledJson
    @Json
    public record SeatCategory(List<Area> areas, int seatCategoryId) {
    }

    /**
     * @param areaId the area
     * @param blockIds block ids (empty throughout)
     */
    @CompiledJson
    @Json
    public record Area(int areaId, List<Integer> blockIds) {
    }
}
