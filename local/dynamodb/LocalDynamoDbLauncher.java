// Starts DynamoDB Local (its own ServerRunner, same command-line options but -port) listening on
// one host only, and prints the port it actually bound. DynamoDB Local has no -host option (its
// Jetty connector listens on every interface) and its -port refuses 0. The host and port come from
// -Dsignseal.host and -Dsignseal.port; port 0 is bound here, by Jetty, and read back from the
// listening socket, so no port is reserved and released (issues #35, #36). Reflection only: it
// compiles with nothing but the JDK and keeps working across DynamoDB Local versions that keep
// these names. Prints one line: "LISTENING <port>" or "BIND_FAILED <message>".
import java.lang.reflect.Field;

public final class LocalDynamoDbLauncher {
  public static void main(String[] args) throws Exception {
    String host = System.getProperty("signseal.host", "127.0.0.1");
    // -port refuses 0: the port is set on the connector instead (0 = any free port).
    int wanted = Integer.parseInt(System.getProperty("signseal.port", "0"));
    String main = "software.amazon.dynamodb.services.local.main.";
    // What ServerRunner.main does first: parse the options (also -help and -version).
    Object input = Class.forName(main + "CommandLineInput").getConstructor(String[].class).newInstance((Object) args);
    if (!(boolean) input.getClass().getMethod("init").invoke(input)) return;
    Class<?> runner = Class.forName(main + "ServerRunner");
    Object proxy =
        runner.getMethod("createServerFromCommandLineArgs", String[].class).invoke(null, (Object) args);
    Field field = proxy.getClass().getDeclaredField("server");
    field.setAccessible(true);
    Object jetty = field.get(proxy);
    Object[] connectors = (Object[]) jetty.getClass().getMethod("getConnectors").invoke(jetty);
    for (Object connector : connectors) {
      connector.getClass().getMethod("setHost", String.class).invoke(connector, host);
      connector.getClass().getMethod("setPort", int.class).invoke(connector, wanted);
    }
    try {
      jetty.getClass().getMethod("start").invoke(jetty);
    } catch (java.lang.reflect.InvocationTargetException e) {
      Throwable cause = e.getCause();
      while (cause.getCause() != null && cause.getCause() != cause) cause = cause.getCause();
      System.out.println("BIND_FAILED " + cause);
      System.out.flush();
      System.exit(98);
    }
    int port = (int) connectors[0].getClass().getMethod("getLocalPort").invoke(connectors[0]);
    if (port <= 0) {
      System.out.println("BIND_FAILED no port");
      System.out.flush();
      System.exit(98);
    }
    System.out.println("LISTENING " + port);
    System.out.flush();
  }
}
