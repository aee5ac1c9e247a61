package io.mink.cli;

import picocli.CommandLine.Option;

/** {@code --output}, shared by the commands that print a result. */
final class OutputOptions {
  @Option(
      names = {"-o", "--output"},
      paramLabel = "FORMAT",
      defaultValue = "table",
      description =
          "table (aligned text for people, the default) or json (one document for scripts)")
  OutputFormat format;

  boolean json() {
    return format == OutputFormat.json;
  }
}
