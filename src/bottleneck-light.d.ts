/** bottleneck's build without Redis clustering, which @octokit/plugin-throttling uses: the same API as the full one. */
declare module "bottleneck/light.js" {
  import Bottleneck from "bottleneck";
  export default Bottleneck;
}
