package dev.hyson.bench.bind;

import com.alibaba.fastjson2.annotation.JSONField;
import com.dslplatform.json.CompiledJson;
import com.dslplatform.json.JsonAttribute;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.google.gson.annotations.SerializedName;
import dev.hyson.bind.Name;
import io.avaje.jsonb.Json;
import java.util.List;

/**
 * The corpus document {@code twitter.json} (a search API response of 100 statuses) as records:
 * every member of the file has a component of the same name (snake_case, as in the JSON), so a
 * binder that fails on unknown members reads it whole. Members that are absent from some objects
 * ({@code retweeted_status}, {@code possibly_sensitive}, {@code entities.media},
 * {@code user.profile_banner_url}, {@code user.entities.url}, {@code media.source_status_id}) or
 * null in some ({@code in_reply_to_*}, {@code utc_offset}, {@code time_zone}, {@code url}) have
 * reference types; {@code geo}, {@code coordinates}, {@code place} and {@code contributors} are null
 * throughout and are {@code Object}. Two components are renamed, with each library's annotation:
 * {@code user.protected}, a Java keyword, is {@code protected_}; {@code metadata.iso_language_code} is
 * {@code language_code}, as DSL-JSON's processor (2.0.2) finds no property behind a record accessor
 * whose name starts with "is" unless it returns {@code boolean}, and then fails the build.
 *
 * @param statuses the statuses found
 * @param search_metadata the search that found them
 */
@CompiledJson
@Json
public record Twitter(List<Status> statuses, SearchMetadata search_metadata) {

    /**
     * A tweet; {@code retweeted_status} nests another, which has no {@code retweeted_status} of its own.
     *
     * @param metadata search metadata
     * @param created_at e.g. {@code "Sun Aug 31 00:29:15 +0000 2014"}
     * @param id the tweet id
     * @param id_str the same id as a string
     * @param text the text
     * @param source the client, as HTML
     * @param truncated whether the text was truncated
     * @param in_reply_to_status_id null unless a reply
     * @param in_reply_to_status_id_str null unless a reply
     * @param in_reply_to_user_id null unless a reply
     * @param in_reply_to_user_id_str null unless a reply
     * @param in_reply_to_screen_name null unless a reply
     * @param user the author
     * @param geo always null in the file
     * @param coordinates always null in the file
     * @param place always null in the file
     * @param contributors always null in the file
     * @param retweet_count retweets
     * @param favorite_count favourites
     * @param entities hashtags, symbols, URLs, mentions and media
     * @param favorited whether favourited
     * @param retweeted whether retweeted
     * @param lang a language code
     * @param retweeted_status the original tweet of a retweet, or absent
     * @param possibly_sensitive absent from most statuses
     */
    @CompiledJson
    @Json
    public record Status(
            Metadata metadata,
            String created_at,
            long id,
            String id_str,
            String text,
            String source,
            boolean truncated,
            Long in_reply_to_status_id,
            String in_reply_to_status_id_str,
            Long in_reply_to_user_id,
            String in_reply_to_user_id_str,
            String in_reply_to_screen_name,
            User user,
            Object geo,
            Object coordinates,
            Object place,
            Object contributors,
            int retweet_count,
            int favorite_count,
            Entities entities,
            boolean favorited,
            boolean retweeted,
            String lang,
            Status retweeted_status,
            Boolean possibly_sensitive) {
    }

    /**
     * @param result_type e.g. {@code "recent"}
     * @param language_code the member {@code iso_language_code}, e.g. {@code "ja"}
     */
    @CompiledJson
    @Json
    public record Metadata(
            String result_type,
            @Name("iso_language_code") @JsonProperty("iso_language_code") @JSONField(name = "iso_language_code")
            @SerializedName("iso_language_code") @JsonAttribute(name = "iso_language_code")
            @Json.Property("iso_language_code")
            String language_code) {
    }

    /**
     * The author of a status.
     *
     * @param id the user id
     * @param id_str the same id as a string
     * @param name the display name
     * @param screen_name the handle
     * @param location free text
     * @param description free text
     * @param url null or a URL
     * @param entities the URLs in {@code description} and {@code url}
     * @param protected_ the member {@code protected}
     * @param followers_count followers
     * @param friends_count friends
     * @param listed_count lists
     * @param created_at a timestamp, as a string
     * @param favourites_count favourites
     * @param utc_offset seconds, or null
     * @param time_zone a name, or null
     * @param geo_enabled flag
     * @param verified flag
     * @param statuses_count statuses
     * @param lang a language code
     * @param contributors_enabled flag
     * @param is_translator flag
     * @param is_translation_enabled flag
     * @param profile_background_color hex colour
     * @param profile_background_image_url URL
     * @param profile_background_image_url_https URL
     * @param profile_background_tile flag
     * @param profile_image_url URL
     * @param profile_image_url_https URL
     * @param profile_banner_url URL, absent from some users
     * @param profile_link_color hex colour
     * @param profile_sidebar_border_color hex colour
     * @param profile_sidebar_fill_color hex colour
     * @param profile_text_color hex colour
     * @param profile_use_background_image flag
     * @param default_profile flag
     * @param default_profile_image flag
     * @param following flag
     * @param follow_request_sent flag
     * @param notifications flag
     */
    @CompiledJson
    @Json
    public record User(
            long id,
            String id_str,
            String name,
            String screen_name,
            String location,
            String description,
            String url,
            UserEntities entities,
            @Name("protected") @JsonProperty("protected") @JSONField(name = "protected")
            @SerializedName("protected") @JsonAttribute(name = "protected") @Json.Property("protected")
            boolean protected_,
            int followers_count,
            int friends_count,
            int listed_count,
            String created_at,
            int favourites_count,
            Integer utc_offset,
            String time_zone,
            boolean geo_enabled,
            boolean verified,
            int statuses_count,
            String lang,
            boolean contributors_enabled,
            boolean is_translator,
            boolean is_translation_enabled,
            String profile_background_color,
            String profile_background_image_url,
            String profile_background_image_url_https,
            boolean profile_background_tile,
            String profile_image_url,
            String profile_image_url_https,
            String profile_banner_url,
            String profile_link_color,
            String profile_sidebar_border_color,
            String profile_sidebar_fill_color,
            String profile_text_color,
            boolean profile_use_background_image,
            boolean default_profile,
            boolean default_profile_image,
            boolean following,
            boolean follow_request_sent,
            boolean notifications) {
    }

    /**
     * @param description the URLs in the user's description
     * @param url the user's URL, absent from most users
     */
    @CompiledJson
    @Json
    public record UserEntities(Urls description, Urls url) {
    }

    /** @param urls URLs */
    @CompiledJson
    @Json
    public record Urls(List<Url> urls) {
    }

    /**
     * The entities of a status.
     *
     * @param hashtags hashtags
     * @param symbols cashtags (empty throughout the file; a cashtag has the shape of a hashtag)
     * @param urls URLs
     * @param user_mentions mentions
     * @param media pictures, absent from most statuses
     */
    @CompiledJson
    @Json
    public record Entities(
            List<Hashtag> hashtags,
            List<Hashtag> symbols,
            List<Url> urls,
            List<UserMention> user_mentions,
            List<Media> media) {
    }

    /**
     * @param text the tag
     * @param indices start and end in the text
     */
    @CompiledJson
    @Json
    public record Hashtag(String text, List<Integer> indices) {
    }

    /**
     * @param url the short URL
     * @param expanded_url the full URL
     * @param display_url the URL shown
     * @param indices start and end in the text
     */
    @CompiledJson
    @Json
    public record Url(String url, String expanded_url, String display_url, List<Integer> indices) {
    }

    /**
     * @param screen_name the handle
     * @param name the display name
     * @param id the user id
     * @param id_str the same id as a string
     * @param indices start and end in the text
     */
    @CompiledJson
    @Json
    public record UserMention(String screen_name, String name, long id, String id_str, List<Integer> indices) {
    }

    /**
     * A picture.
     *
     * @param id the media id
     * @param id_str the same id as a string
     * @param indices start and end in the text
     * @param media_url URL
     * @param media_url_https URL
     * @param url the short URL
     * @param display_url the URL shown
     * @param expanded_url the full URL
     * @param type e.g. {@code "photo"}
     * @param sizes the four renditions
     * @param source_status_id absent from some media
     * @param source_status_id_str absent from some media
     */
    @CompiledJson
    @Json
    public record Media(
            long id,
            String id_str,
            List<Integer> indices,
            String media_url,
            String media_url_https,
            String url,
            String display_url,
            String expanded_url,
            String type,
            Sizes sizes,
            Long source_status_id,
            String source_status_id_str) {
    }

    /**
     * @param medium rendition
     * @param small rendition
     * @param thumb rendition
     * @param large rendition
     */
    @CompiledJson
    @Json
    public record Sizes(Size medium, Size small, Size thumb, Size large) {
    }

    /**
     * @param w width
     * @param h height
     * @param resize {@code "fit"} or {@code "crop"}
     */
    @CompiledJson
    @Json
    public record Size(int w, int h, String resize) {
    }

    /**
     * @param completed_in seconds
     * @param max_id the highest id
     * @param max_id_str the same id as a string
     * @param next_results a query string
     * @param query the query
     * @param refresh_url a query string
     * @param count statuses asked for
     * @param since_id the lowest id asked for
     * @param since_id_str the same id as a string
     */
    @CompiledJson
    @Json
    public record SearchMetadata(
            double completed_in,
            long max_id,
            String max_id_str,
            String next_results,
            String query,
            String refresh_url,
            int count,
            long since_id,
            String since_id_str) {
    }
}
