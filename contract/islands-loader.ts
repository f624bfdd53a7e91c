/** The attribute that marks the whole stylesheet's link, as the loader adds it. */
export const WHOLE_STYLESHEET_MARK = 'data-whole-styles';

/**
 * The inline script that loads a page's islands (web/app/root.tsx, decision 078), one text for
 * the page that carries it and for the store, which allows exactly this script, for exactly this
 * build's islands, by its hash in the page's Content-Security-Policy (server/plugins/web.ts).
 *
 * It asks for the islands' script once the page has shown its content (the browser's first
 * contentful paint), or after 1.5 s should it never say so: fetched with the page, the scripts
 * ran before the first paint and held it back, where nothing on the page needs them to be read.
 * A hidden tab loads it at once (it paints nothing until shown). Should it not arrive (the visitor
 * already on the way to another page, or offline), the page stays the server's HTML, whose links
 * and forms work.
 *
 * At the same moment it asks for the whole stylesheet (`stylesheet`): the page came with only the
 * rules its own HTML uses (server/http/critical-styles.ts), and what the islands show later (a
 * menu opened, a notice, an error) may need others: the islands hydrate once it has arrived
 * (web/islands/client.tsx, wholeStylesheet).
 */
export function islandsLoader(src: string, stylesheet: string): string {
  return [
    'let loaded=false;',
    'const load=()=>{if(!loaded){loaded=true;',
    `const link=document.createElement("link");link.rel="stylesheet";link.href=${JSON.stringify(stylesheet)};link.setAttribute(${JSON.stringify(WHOLE_STYLESHEET_MARK)},"");document.head.append(link);`,
    `import(${JSON.stringify(src)}).catch(()=>{})}};`,
    'if(document.visibilityState==="hidden")load();',
    'else{',
    'try{new PerformanceObserver((list,observer)=>{',
    'if(list.getEntriesByName("first-contentful-paint").length>0){observer.disconnect();setTimeout(load,0)}',
    '}).observe({type:"paint",buffered:true})}catch{}',
    'setTimeout(load,1500)}',
  ].join('');
}
