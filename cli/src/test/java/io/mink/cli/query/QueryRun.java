package io.mink.cli.query;

import io.mink.cli.Environment;
import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;

/** One run of mink-query in this JVM, with stdin given as text, its exit code and output. */
record QueryRun(int exitCode, String out, String err) {
  static QueryRun of(
      Path workingDirectory, Map<String, String> variables, String stdin, String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    Environment environment = new Environment(
        variables, workingDirectory, new PrintWriter(out, true), new PrintWriter(err, true));
    QueryConsole console = new QueryConsole(
        environment, new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)), false);
    int code = QueryMain.run(args, console);
    return new QueryRun(code, out.toString(), err.toString());
  }
}
