/**
 * DynamoDB Local has no bind-address option: its ServerRunner builds Jetty with `new Server(port)`,
 * which listens on every interface, and it answers anyone with any credentials. This launcher
 * starts the very same server bound to 127.0.0.1 (decision 0012). It is this Java class:
 *
 *   public class LoopbackDynamoDbLocal {
 *     public static void main(String[] args) throws Exception {
 *       DynamoDBProxyServer proxy = ServerRunner.createServerFromCommandLineArgs(args);
 *       Field field = DynamoDBProxyServer.class.getDeclaredField("server");
 *       field.setAccessible(true);
 *       ((ServerConnector) ((Server) field.get(proxy)).getConnectors()[0]).setHost("127.0.0.1");
 *       proxy.start();
 *     }
 *   }
 *
 * written out as a class file here, because the README asks only for a Java runtime (no javac).
 * It has no branches, so class file version 52 needs no stack map frames. Skipping ServerRunner's
 * own main also skips its telemetry set-up, so DynamoDB Local sends none.
 */
export const LOOPBACK_LAUNCHER_CLASS = 'LoopbackDynamoDbLocal';
export const DYNAMODB_LOCAL_HOST = '127.0.0.1';

const PROXY_SERVER = 'software/amazon/dynamodb/services/local/server/DynamoDBProxyServer';
const SERVER_RUNNER = 'software/amazon/dynamodb/services/local/main/ServerRunner';
const JETTY_SERVER = 'org/eclipse/jetty/server/Server';
const JETTY_CONNECTOR = 'org/eclipse/jetty/server/ServerConnector';

/** The class file's constant pool: each entry once, 1-based indexes. */
class ConstantPool {
  private readonly entries: Buffer[] = [];
  private readonly indexes = new Map<string, number>();

  private add(key: string, bytes: Buffer): number {
    let index = this.indexes.get(key);
    if (index === undefined) {
      this.entries.push(bytes);
      index = this.entries.length;
      this.indexes.set(key, index);
    }
    return index;
  }

  utf8(text: string): number {
    // Modified UTF-8 equals ASCII for the characters 1 to 127, which is all these constants use.
    if ([...text].some((char) => char.charCodeAt(0) < 1 || char.charCodeAt(0) > 127)) throw new Error(`Only ASCII constants are written: ${text}`);
    const bytes = Buffer.from(text, 'ascii');
    return this.add(`utf8:${text}`, Buffer.concat([u1(1), u2(bytes.length), bytes]));
  }

  cls(name: string): number {
    return this.add(`class:${name}`, Buffer.concat([u1(7), u2(this.utf8(name))]));
  }

  str(text: string): number {
    return this.add(`string:${text}`, Buffer.concat([u1(8), u2(this.utf8(text))]));
  }

  method(owner: string, name: string, descriptor: string): number {
    const nameAndType = this.add(`nat:${name}:${descriptor}`, Buffer.concat([u1(12), u2(this.utf8(name)), u2(this.utf8(descriptor))]));
    return this.add(`method:${owner}.${name}${descriptor}`, Buffer.concat([u1(10), u2(this.cls(owner)), u2(nameAndType)]));
  }

  bytes(): Buffer {
    return Buffer.concat([u2(this.entries.length + 1), ...this.entries]);
  }
}

const u1 = (value: number) => Buffer.from([value]);
const u2 = (value: number) => {
  const buffer = Buffer.alloc(2);
  buffer.writeUInt16BE(value);
  return buffer;
};
const u4 = (value: number) => {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32BE(value);
  return buffer;
};

/** The opcodes used below (JVM specification, chapter 6). */
const OP = { aload_0: 0x2a, aload_1: 0x2b, aload_2: 0x2c, astore_1: 0x4c, astore_2: 0x4d, iconst_0: 0x03, iconst_1: 0x04, aaload: 0x32, ldc_w: 0x13, checkcast: 0xc0, invokevirtual: 0xb6, invokestatic: 0xb8, return: 0xb1 };

/** The launcher's class file (see the Java source above). */
export function loopbackLauncherClass(host: string = DYNAMODB_LOCAL_HOST): Buffer {
  const pool = new ConstantPool();
  const thisClass = pool.cls(LOOPBACK_LAUNCHER_CLASS);
  const superClass = pool.cls('java/lang/Object');
  const op = (code: number, index?: number) => (index === undefined ? u1(code) : Buffer.concat([u1(code), u2(index)]));
  const code = Buffer.concat([
    op(OP.aload_0),
    op(OP.invokestatic, pool.method(SERVER_RUNNER, 'createServerFromCommandLineArgs', `([Ljava/lang/String;)L${PROXY_SERVER};`)),
    op(OP.astore_1),
    op(OP.ldc_w, pool.cls(PROXY_SERVER)),
    op(OP.ldc_w, pool.str('server')),
    op(OP.invokevirtual, pool.method('java/lang/Class', 'getDeclaredField', '(Ljava/lang/String;)Ljava/lang/reflect/Field;')),
    op(OP.astore_2),
    op(OP.aload_2),
    op(OP.iconst_1),
    op(OP.invokevirtual, pool.method('java/lang/reflect/Field', 'setAccessible', '(Z)V')),
    op(OP.aload_2),
    op(OP.aload_1),
    op(OP.invokevirtual, pool.method('java/lang/reflect/Field', 'get', '(Ljava/lang/Object;)Ljava/lang/Object;')),
    op(OP.checkcast, pool.cls(JETTY_SERVER)),
    op(OP.invokevirtual, pool.method(JETTY_SERVER, 'getConnectors', '()[Lorg/eclipse/jetty/server/Connector;')),
    op(OP.iconst_0),
    op(OP.aaload),
    op(OP.checkcast, pool.cls(JETTY_CONNECTOR)),
    op(OP.ldc_w, pool.str(host)),
    op(OP.invokevirtual, pool.method(JETTY_CONNECTOR, 'setHost', '(Ljava/lang/String;)V')),
    op(OP.aload_1),
    op(OP.invokevirtual, pool.method(PROXY_SERVER, 'start', '()V')),
    op(OP.return),
  ]);
  const codeAttribute = Buffer.concat([
    u2(pool.utf8('Code')),
    u4(2 + 2 + 4 + code.length + 2 + 2),
    u2(2), // max stack
    u2(3), // max locals: args, proxy, field
    u4(code.length),
    code,
    u2(0), // exception table
    u2(0), // attributes
  ]);
  const main = Buffer.concat([
    u2(0x0009), // public static
    u2(pool.utf8('main')),
    u2(pool.utf8('([Ljava/lang/String;)V')),
    u2(1),
    codeAttribute,
  ]);
  return Buffer.concat([
    u4(0xcafebabe),
    u2(0), // minor version
    u2(52), // major version: Java 8, read by every Java 17+
    pool.bytes(),
    u2(0x0021), // public, super
    u2(thisClass),
    u2(superClass),
    u2(0), // interfaces
    u2(0), // fields
    u2(1), // methods
    main,
    u2(0), // attributes
  ]);
}
