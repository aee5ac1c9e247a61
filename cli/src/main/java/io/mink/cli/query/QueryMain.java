package io.mink.cli.query;

import io.mink.cli.Main;
import picocli.CommandLine;

/** The mink-query command: SQL over Mink's tables. */
public final class QueryMain {
  private QueryMain() {}

  public static void main(String[] args) {
    Main.hideSecretsInSystemOutput();
    Main.useMinkLogging(!java.util.List.of(args).contains("serve"));
    System.exit(run(args, QueryConsole.system()));
  }

  public static int run(String[] args, QueryConsole given) {
    QueryConsole console =
        new QueryConsole(given.environment().hidingSecrets(), given.stdin(), given.stdinTerminal());
    CommandLine commandLine = Main.reportingErrors(new CommandLine(new MinkQueryCommand(console)))
        .setOut(console.environment().out())
        .setErr(console.environment().err());
    int code = commandLine.execute(args);
    console.environment().out().flush();
    console.environment().err().flush();
    return code;
  }
}
