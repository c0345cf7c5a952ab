/** The widget's own styles (inside its shadow root); `--staydesk-*` custom properties theme it from the page. */
export const STYLES = `
:host{display:block;font:inherit;color:var(--staydesk-text,#1a1a1a);max-width:42rem}
*{box-sizing:border-box}
[hidden]{display:none!important}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
.box{background:var(--staydesk-background,#fff);border:1px solid #8a8a8a;border-radius:.5rem;padding:1rem}
h2{margin:0 0 .25rem;font-size:1.3rem}
h3{margin:.75rem 0 .25rem;font-size:1.05rem}
.nav h3{margin:0;text-align:center;flex:1}
.sub{margin:0 0 .75rem;color:#4a4a4a}
.nav{display:flex;align-items:center;gap:.5rem;margin-bottom:.5rem}
button{font:inherit;cursor:pointer}
.nav button,.act{min-height:2.75rem;min-width:2.75rem;border:1px solid #5c5c5c;border-radius:.375rem;background:#fff;color:#1a1a1a}
.act.primary{background:var(--staydesk-accent,#0b5394);border-color:var(--staydesk-accent,#0b5394);color:#fff;padding:0 1rem;font-weight:600}
.act:disabled{opacity:.6;cursor:default}
.grid{width:100%;border-collapse:collapse;table-layout:fixed}
th{font-size:.8rem;font-weight:600;padding:.25rem 0;color:#4a4a4a}
td{padding:1px}
.day{position:relative;width:100%;min-height:2.75rem;border:1px solid transparent;border-radius:.375rem;background:#eef5ec;color:#14361a;display:flex;flex-direction:column;align-items:center;justify-content:center;line-height:1.1;padding:.2rem 0}
.day .price{font-size:.7rem}
.day.taken{background:#f3f3f3;color:#5c5c5c;text-decoration:line-through}
.day.past{background:none;color:#6b6b6b;cursor:default}
.day.loading{color:#6b6b6b;cursor:progress}
.day.between{background:#cfe0f3;color:#0b2e52}
.day.chosen{background:var(--staydesk-accent,#0b5394);color:#fff;text-decoration:none}
.day:focus-visible,.act:focus-visible,input:focus-visible,textarea:focus-visible{outline:3px solid #c25e00;outline-offset:1px}
.help{font-size:.85rem;color:#4a4a4a;margin:.5rem 0}
fieldset{border:1px solid #b0b0b0;border-radius:.375rem;margin:.75rem 0;padding:.5rem .75rem}
legend{font-weight:600;padding:0 .25rem}
.row{display:flex;flex-wrap:wrap;gap:.75rem}
.field{display:flex;flex-direction:column;gap:.2rem;flex:1 1 10rem;margin:.25rem 0}
.field.small{flex:1 1 6rem}
input,textarea{font:inherit;padding:.5rem;border:1px solid #5c5c5c;border-radius:.25rem;min-height:2.75rem;width:100%;color:#1a1a1a;background:#fff}
.radio{display:flex;align-items:center;gap:.5rem;min-height:2.75rem}
.radio input{width:auto;min-height:0}
dl{display:grid;grid-template-columns:1fr auto;gap:.2rem 1rem;margin:.5rem 0}
dd{margin:0;text-align:right}
dl .sum{font-weight:700}
.live{margin:.5rem 0;min-height:1.25rem}
.alert{color:#a10f0f;font-weight:600;margin:.5rem 0}
.alert:empty,.live:empty{margin:0;min-height:0}
.done{border-left:4px solid #1f6b2b;padding:.5rem .75rem;background:#eef5ec}
`;
