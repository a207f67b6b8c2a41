import { describe, expect, it } from 'vitest';
import { fillSignedInPage, fillsEveryStandIn, STAND_IN_PERSON } from './signed-in-page.ts';

const { fullName, email, companyName } = STAND_IN_PERSON;
const [first = '', last = ''] = fullName.split(' ');
// What the frame draws of the stand-in: its name, initials and greeting, email and company.
const page = `<span>${first}${last}</span><p title="${fullName}">${fullName}</p><h1>Welcome, ${first}!</h1><p>${email}</p><span>${companyName}</span>`;

describe('the signed-in page’s stand-ins', () => {
  it('become the person’s name, initials, greeting, email and company', () => {
    expect(fillSignedInPage(page, { fullName: 'Kavya Silva', email: 'kavya@lanka.example', companyName: 'Lanka Labs' })).toBe(
      '<span>KS</span><p title="Kavya Silva">Kavya Silva</p><h1>Welcome, Kavya!</h1><p>kavya@lanka.example</p><span>Lanka Labs</span>',
    );
  });

  it('follow the app’s rules for a person without a name: the email stands in', () => {
    expect(fillSignedInPage(page, { fullName: null, email: 'sam@lanka.example', companyName: 'Lanka Labs' })).toBe(
      '<span>SL</span><p title="sam@lanka.example">sam@lanka.example</p><h1>Welcome, sam@lanka.example!</h1><p>sam@lanka.example</p><span>Lanka Labs</span>',
    );
  });

  it('are escaped, in text and in attributes', () => {
    const filled = fillSignedInPage(page, { fullName: '<img src=x onerror=alert(1)> "Bo"', email: 'a&b@example.com', companyName: "O'Neil & <Co>" });
    expect(filled).not.toMatch(/<img|"Bo"|O'Neil|<Co>/);
    expect(filled).toContain('title="&lt;img src=x onerror=alert(1)&gt; &quot;Bo&quot;"');
    expect(filled).toContain('a&amp;b@example.com');
    expect(filled).toContain('O&#39;Neil &amp; &lt;Co&gt;');
  });

  it('are all filled, or the build refuses the page', () => {
    expect(fillsEveryStandIn(page)).toBe(true);
    // A last name on its own is nothing the page may show: nothing fills it.
    expect(fillsEveryStandIn(`${page}<p>${last}</p>`)).toBe(false);
  });
});
