import { createSocket, type Socket } from 'node:dgram';

export interface UdpCanary {
  /** The port it listens on, on 127.0.0.1 and [::1] alike. */
  port: number;
  /** Datagrams received on either address: a contained browser sends none. */
  readonly datagrams: number;
  close(): Promise<void>;
}

/**
 * UDP listeners on 127.0.0.1 and [::1] that count what arrives and answer it, as a STUN or QUIC
 * server on the private network would: a page that could reach them could read the answer.
 */
export async function startUdpCanary(): Promise<UdpCanary> {
  let datagrams = 0;
  const v4 = await bind('udp4', '127.0.0.1', 0);
  const port = v4.address().port;
  const v6 = await bind('udp6', '::1', port);
  for (const socket of [v4, v6]) {
    socket.on('message', (_message, from) => {
      datagrams += 1;
      socket.send('canary', from.port, from.address);
    });
  }
  return {
    port,
    get datagrams() {
      return datagrams;
    },
    close: async () => {
      await Promise.all(
        [v4, v6].map((socket) => new Promise<void>((resolve) => socket.close(() => resolve()))),
      );
    },
  };
}

function bind(type: 'udp4' | 'udp6', address: string, port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = createSocket(type);
    socket.once('error', reject);
    socket.bind(port, address, () => {
      socket.off('error', reject);
      resolve(socket);
    });
  });
}

/**
 * A script that tries every way a page can send UDP to the canary — WebRTC STUN and TURN, and
 * WebTransport (QUIC), over IPv4 and IPv6 — and writes whatever comes back into the page, where
 * it would show up in a scrape. Sets `data-udp-done` on the body once ICE gathering is over (or
 * after 3 s), for tests to wait on.
 */
export function udpProbeScript(port: number): string {
  const hosts = ['127.0.0.1', '[::1]'];
  const ice = JSON.stringify([
    { urls: hosts.map((host) => `stun:${host}:${port}`) },
    { urls: hosts.map((host) => `turn:${host}:${port}?transport=udp`), username: 'u', credential: 'p' },
  ]);
  const transports = JSON.stringify(hosts.map((host) => `https://${host}:${port}/`));
  return `<script>
  const udpDone = () => document.body.setAttribute('data-udp-done', '');
  setTimeout(udpDone, 3000);
  try {
    const peer = new RTCPeerConnection({ iceServers: ${ice} });
    peer.createDataChannel('probe');
    peer.onicecandidate = (event) => { if (event.candidate) document.body.append(' ' + event.candidate.candidate); };
    peer.onicegatheringstatechange = () => { if (peer.iceGatheringState === 'complete') udpDone(); };
    peer.createOffer().then((offer) => peer.setLocalDescription(offer));
  } catch (error) { udpDone(); }
  for (const url of ${transports}) {
    try { new WebTransport(url).ready.then(() => document.body.append(' webtransport:' + url), () => {}); } catch (error) {}
  }
</script>`;
}
