package io.mink.schema.secret;

import java.net.URI;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The secret values of a configuration, in every form they may take on the way out: as written, URL-encoded, and as
 * the base64 of {@code user:password} that basic auth sends. {@link #scrub} hides them in any text.
 *
 * <p>Values shorter than {@link #MIN_LENGTH} characters are not looked for in text: hiding every "abc" would garble
 * messages. They are still hidden where their setting is shown by name.
 */
public final class SecretValues {
  public static final int MIN_LENGTH = 8;

  /** An option of a JAAS config, such as {@code password="..."}. */
  private static final Pattern JAAS_OPTION = Pattern.compile(
      "(?<name>[A-Za-z0-9_.-]+)\\s*=\\s*(?:\"(?<quoted>[^\"]*)\"|(?<bare>[^\\s;\"]+))");

  private static final Pattern URL_USER_INFO = Pattern.compile(
      "[A-Za-z][A-Za-z0-9+.-]*://(?<user>[^\\s/@:\"']+):(?<password>[^\\s/@\"']+)@");

  private static final Pattern SECRET_PARAMETER =
      Pattern.compile("[?&;](?<name>[A-Za-z0-9_.-]+)=(?<value>[^&;\\s\"']+)");

  private final Set<String> values = new TreeSet<>();

  /** Adds a setting: its value when the name marks a secret, and the secrets of any URL or JAAS config in it. */
  public SecretValues setting(String name, String value) {
    if (value == null) {
      return this;
    }
    if (Secrets.isSecretKey(name)) {
      add(value);
      Matcher options = JAAS_OPTION.matcher(value);
      while (options.find()) {
        if (Secrets.isSecretKey(options.group("name"))) {
          add(options.group("quoted") != null ? options.group("quoted") : options.group("bare"));
        }
      }
    }
    return url(value);
  }

  /** Adds every setting of a map, as {@link #setting}. */
  public SecretValues settings(Map<String, String> settings) {
    settings.forEach(this::setting);
    return this;
  }

  /** Adds the password of the URL's user info and its secret parameters, such as a JDBC URL's password. */
  public SecretValues url(String text) {
    if (text == null) {
      return this;
    }
    Matcher userInfo = URL_USER_INFO.matcher(text);
    while (userInfo.find()) {
      basicAuth(decoded(userInfo.group("user")), decoded(userInfo.group("password")));
      add(userInfo.group("password"));
    }
    Matcher parameters = SECRET_PARAMETER.matcher(text);
    while (parameters.find()) {
      if (Secrets.isSecretKey(parameters.group("name"))) {
        add(parameters.group("value"));
        add(decoded(parameters.group("value")));
      }
    }
    return this;
  }

  /** Adds the user info of a URI: the password, and the header basic auth builds of it. */
  public SecretValues url(URI uri) {
    return uri == null ? this : url(uri.toString());
  }

  /** Adds a basic-auth password, and the base64 of {@code user:password} an Authorization header carries. */
  public SecretValues basicAuth(String user, String password) {
    if (password == null) {
      return this;
    }
    add(password);
    if (user != null) {
      add(Base64.getEncoder()
          .encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8)));
    }
    return this;
  }

  /** Adds a secret value and its URL-encoded form. */
  public SecretValues add(String value) {
    if (value != null && value.length() >= MIN_LENGTH) {
      values.add(value);
      values.add(URLEncoder.encode(value, StandardCharsets.UTF_8));
    }
    return this;
  }

  /** Adds values as they are, without further forms. */
  public SecretValues addAll(Collection<String> more) {
    more.stream().filter(value -> value.length() >= MIN_LENGTH).forEach(values::add);
    return this;
  }

  /** The values, the longest first, so that a value is hidden before a part of it could be. */
  public List<String> values() {
    return values.stream()
        .sorted(Comparator.comparingInt(String::length).reversed().thenComparing(c -> c))
        .toList();
  }

  /** The text with every value hidden, and the secrets of URLs in it too (see {@link Secrets#url}). */
  public String scrub(String text) {
    return scrub(text, values());
  }

  static String scrub(String text, List<String> longestFirst) {
    if (text == null) {
      return null;
    }
    String scrubbed = text;
    for (String value : longestFirst) {
      if (scrubbed.contains(value)) {
        scrubbed = scrubbed.replace(value, Secrets.HIDDEN);
      }
    }
    return Secrets.url(scrubbed);
  }

  private static String decoded(String text) {
    try {
      return URLDecoder.decode(text, StandardCharsets.UTF_8);
    } catch (IllegalArgumentException e) {
      return text;
    }
  }
}
