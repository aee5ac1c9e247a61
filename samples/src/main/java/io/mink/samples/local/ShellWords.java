package io.mink.samples.local;

import java.util.regex.Pattern;

/** A command and its arguments as a line to paste into a POSIX shell, each argument quoted when it has to be. */
public final class ShellWords {
  private static final Pattern PLAIN = Pattern.compile("[A-Za-z0-9_./:=,@%+-]+");

  private ShellWords() {}

  public static String commandLine(String command, String... args) {
    StringBuilder line = new StringBuilder(command);
    for (String arg : args) {
      line.append(' ').append(quote(arg));
    }
    return line.toString();
  }

  /** The word as it is when the shell would not change it, else in single quotes, else in double quotes. */
  public static String quote(String word) {
    if (PLAIN.matcher(word).matches()) {
      return word;
    }
    if (word.indexOf('\'') < 0) {
      return "'" + word + "'";
    }
    StringBuilder quoted = new StringBuilder("\"");
    for (int i = 0; i < word.length(); i++) {
      char c = word.charAt(i);
      if (c == '"' || c == '\\' || c == '$' || c == '`') {
        quoted.append('\\');
      }
      quoted.append(c);
    }
    return quoted.append('"').toString();
  }
}
