package io.mink.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.Map;

/** One run of the mink command in this JVM, with its exit code and output. */
record CommandRun(int exitCode, String out, String err) {
  static CommandRun of(Path workingDirectory, Map<String, String> variables, String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    Environment environment = new Environment(
        variables, workingDirectory, new PrintWriter(out, true), new PrintWriter(err, true));
    int code = Main.run(args, environment);
    return new CommandRun(code, out.toString(), err.toString());
  }
}
