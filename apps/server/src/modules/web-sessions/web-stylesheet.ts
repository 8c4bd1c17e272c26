/** Where the web pages' stylesheet is served (by WebSignInRoutes; no CDN, nothing external). */
export const STYLESHEET_PATH = '/assets/bellows-web.css';

/**
 * The web pages' one stylesheet. Colours meet WCAG AA (4.5:1 for text): body
 * #1b1f24 and links #0a4fb5 on white, muted text #4d5560; focus is a thick
 * outline wherever the keyboard lands.
 */
export const STYLESHEET = `
:root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; line-height: 1.5; }
body { margin: 0; color: #1b1f24; background: #ffffff; }
a { color: #0a4fb5; }
a:hover { text-decoration-thickness: 2px; }
:focus-visible { outline: 3px solid #0a4fb5; outline-offset: 2px; }
.skip-link { position: absolute; left: 0.5rem; top: -3rem; padding: 0.5rem 1rem; background: #0a4fb5; color: #ffffff; z-index: 10; }
.skip-link:focus { top: 0.5rem; }
header.site { display: flex; gap: 1rem; align-items: center; justify-content: space-between; padding: 0.75rem 1.5rem; border-bottom: 1px solid #c9ced6; }
header.site .brand { font-weight: 700; font-size: 1.15rem; color: #1b1f24; text-decoration: none; }
header.site form { display: inline; margin: 0; }
main { max-width: 60rem; margin: 0 auto; padding: 1rem 1.5rem 3rem; }
main:focus { outline: none; }
h1 { font-size: 1.6rem; margin: 0.5rem 0 1rem; }
h2 { font-size: 1.25rem; margin: 2rem 0 0.75rem; border-bottom: 1px solid #c9ced6; padding-bottom: 0.25rem; }
h3 { font-size: 1.05rem; margin: 1.25rem 0 0.5rem; }
.muted { color: #4d5560; }
button, input[type=submit] { font: inherit; padding: 0.45rem 1rem; border: 1px solid #0a4fb5; border-radius: 4px; background: #0a4fb5; color: #ffffff; cursor: pointer; }
button.link { background: none; border: none; color: #0a4fb5; text-decoration: underline; padding: 0; }
label { display: block; font-weight: 600; margin-top: 0.75rem; }
input[type=text], input[type=password] { font: inherit; padding: 0.4rem 0.5rem; width: 100%; max-width: 22rem; border: 1px solid #6b7380; border-radius: 4px; box-sizing: border-box; }
.error { border-left: 4px solid #b3261e; background: #fdecea; color: #5c0f0a; padding: 0.5rem 0.75rem; margin: 1rem 0; }
.notice { border-left: 4px solid #0a4fb5; background: #e8f0fe; padding: 0.5rem 0.75rem; margin: 1rem 0; }
.rule { margin: 0.75rem 0 1.25rem; }
.bar { display: grid; grid-template-columns: minmax(10rem, 16rem) 1fr 13rem; gap: 0.75rem; align-items: center; margin: 0.35rem 0; }
.bar label { margin: 0; font-weight: 400; }
.bar meter { width: 100%; height: 1.1rem; }
.bar .figure { font-variant-numeric: tabular-nums; white-space: nowrap; text-align: right; }
.rule.closest h3 { font-weight: 800; }
/* Bars: 3:1 or more against the track and the page (WCAG non-text contrast); the figures beside them say it in words. */
meter::-webkit-meter-bar { background: #eef0f3; border: 1px solid #6b7380; border-radius: 3px; }
meter::-webkit-meter-optimum-value { background: #1a7f37; }
meter::-webkit-meter-suboptimum-value { background: #9a6700; }
meter::-webkit-meter-even-less-good-value { background: #b3261e; }
meter::-moz-meter-bar { background: #1a7f37; }
.badge { display: inline-block; font-size: 0.8rem; font-weight: 700; padding: 0 0.4rem; border-radius: 3px; background: #fff4d6; color: #5a3d00; border: 1px solid #a16c00; }
table { border-collapse: collapse; width: 100%; margin: 0.5rem 0 1rem; }
th, td { text-align: left; padding: 0.3rem 0.6rem; border-bottom: 1px solid #dde1e6; vertical-align: top; }
td.bytes, th.bytes { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
figure.chart { margin: 0.5rem 0; }
figure.chart svg { width: 100%; height: auto; max-width: 48rem; border: 1px solid #dde1e6; }
figure.chart .line { fill: none; stroke: #0a4fb5; stroke-width: 2.5; }
figure.chart .area { fill: #0a4fb5; fill-opacity: 0.12; }
figure.chart .axis { stroke: #6b7380; stroke-width: 1; }
figure.chart text { fill: #4d5560; font-size: 12px; }
details { margin: 0.5rem 0; }
`;
