package io.mink.schema.secret;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Which settings are secrets, and how a setting, a URL or a map of properties is shown without them: a secret value
 * shows as {@link #HIDDEN}, the name of the setting it belongs to stays.
 */
public final class Secrets {
  /** What a secret value shows as in messages, logs, the status topic and command output. */
  public static final String HIDDEN = "[hidden]";

  /** Parts of a setting's name that mark its value as a secret, matched in lower case. */
  private static final List<String> SECRET_NAME_PARTS = List.of(
      "password",
      "passwd",
      "secret",
      "token",
      "credential",
      "jaas",
      "key-id",
      "key_id",
      "keyid",
      "access-key",
      "access_key",
      "accesskey",
      "api-key",
      "api_key",
      "apikey",
      "user-info",
      "user_info",
      "user.info",
      "userinfo",
      "authorization",
      "private-key",
      "private_key");

  /** The password of a URL's user info: {@code scheme://user:password@host}. */
  private static final Pattern URL_PASSWORD =
      Pattern.compile("(?<prefix>[A-Za-z][A-Za-z0-9+.-]*://[^\\s/@:\"']+:)[^\\s/@\"']+(?=@)");

  /** A URL or JDBC URL parameter whose name marks a secret, such as {@code ?password=...} or {@code ;password=...}. */
  private static final Pattern SECRET_PARAMETER =
      Pattern.compile("(?<prefix>[?&;](?<name>[A-Za-z0-9_.-]+)=)(?<value>[^&;\\s\"']*)");

  private Secrets() {}

  /** Whether the setting of this name holds a secret: a password, key, token, credential or JAAS config. */
  public static boolean isSecretKey(String name) {
    String lower = name.toLowerCase(Locale.ROOT);
    return SECRET_NAME_PARTS.stream().anyMatch(lower::contains)
        || lower.endsWith(".key")
        || lower.endsWith("_key")
        || lower.endsWith("-key");
  }

  /** A secret value as it may be shown: {@link #HIDDEN}, or null when there is none. */
  public static String hidden(String value) {
    return value == null ? null : HIDDEN;
  }

  /** The value as it may be shown for the setting {@code name}: hidden when it is a secret, else without URL secrets. */
  public static String shown(String name, String value) {
    if (value == null) {
      return null;
    }
    return isSecretKey(name) ? HIDDEN : url(value);
  }

  /** The properties as they may be shown, in their order: secret values hidden, URL passwords hidden. */
  public static Map<String, String> shown(Map<String, String> properties) {
    Map<String, String> shown = new LinkedHashMap<>();
    properties.forEach((name, value) -> shown.put(name, shown(name, value)));
    return shown;
  }

  /**
   * Text with the secrets of the URLs in it hidden: a user info password ({@code https://user:[hidden]@host}) and
   * parameters named as secrets ({@code jdbc:postgresql://db/lake?user=mink&password=[hidden]}).
   */
  public static String url(String text) {
    if (text == null) {
      return null;
    }
    String withoutPasswords = URL_PASSWORD.matcher(text).replaceAll("${prefix}" + HIDDEN);
    Matcher parameters = SECRET_PARAMETER.matcher(withoutPasswords);
    StringBuilder shown = new StringBuilder();
    while (parameters.find()) {
      String replacement = isSecretKey(parameters.group("name"))
          ? parameters.group("prefix") + HIDDEN
          : parameters.group();
      parameters.appendReplacement(shown, Matcher.quoteReplacement(replacement));
    }
    parameters.appendTail(shown);
    return shown.toString();
  }
}
