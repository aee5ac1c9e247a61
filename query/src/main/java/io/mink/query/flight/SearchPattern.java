package io.mink.query.flight;

import static java.util.Objects.requireNonNull;

import java.util.regex.Pattern;

/**
 * A search pattern of Flight SQL's metadata commands and JDBC's {@code DatabaseMetaData}: {@code %} stands for any run
 * of characters, {@code _} for one character, and a backslash makes the character after it stand for itself.
 */
final class SearchPattern {
  /** The escape character, also reported to clients as {@code SQL_SEARCH_STRING_ESCAPE}. */
  static final String ESCAPE = "\\";

  private static final SearchPattern ANYTHING =
      new SearchPattern(Pattern.compile(".*", Pattern.DOTALL));

  private final Pattern regex;

  private SearchPattern(Pattern regex) {
    this.regex = regex;
  }

  /** A pattern that every name matches: what an omitted filter means. */
  static SearchPattern anything() {
    return ANYTHING;
  }

  static SearchPattern compile(String pattern) {
    requireNonNull(pattern, "pattern is null");
    StringBuilder regex = new StringBuilder();
    for (int i = 0; i < pattern.length(); i++) {
      char c = pattern.charAt(i);
      if (c == '\\' && i + 1 < pattern.length()) {
        i++;
        regex.append(Pattern.quote(String.valueOf(pattern.charAt(i))));
      } else if (c == '%') {
        regex.append(".*");
      } else if (c == '_') {
        regex.append('.');
      } else {
        regex.append(Pattern.quote(String.valueOf(c)));
      }
    }
    return new SearchPattern(Pattern.compile(regex.toString(), Pattern.DOTALL));
  }

  boolean matches(String name) {
    return regex.matcher(name).matches();
  }
}
