import type { DefinitionRuleTier } from './definition-schema.ts'

/**
 * The offline tier classifier's cue lexicon: per tier, `weight:cue,cue;weight:cue`, a cue being a
 * word or a phrase of up to three words, stemmed like the text when loaded. A string, not an
 * object literal, to keep the bundle small. Tuned on `fixtures/guardrail-tiers.ts` `tuning` only.
 */
export const guardrailTierCues: Readonly<Record<DefinitionRuleTier, string>> = {
  'hard-safety':
    // Secrets, personal, payment and health data; destructive actions; regulated advice; security;
    // harmful content; protected traits; confidential disclosures; money leaving under a cap.
    '5:rm rf,rm,force push,push force,drop table,drop database,git history,system prompt,self harm,suicide,' +
    'weapon,explosive,hateful,sexual,malware,bypass;' +
    '4:password,passcode,secret,credential,api key,private key,access key,token,connection string,' +
    'environment variable,ssn,social security,passport,card number,credit card,cvv,iban,account number,' +
    'bank account,routing number,medical record,patient record,diagnose,diagnosis,medication,dosage,dose,' +
    'prescribe,prescription,advice,guarantee,guaranteed,wipe,purge,truncate,destroy,erase,salary,' +
    'compensation,religion,ethnicity,disability,pregnancy,marital,acquire,acquisition,merger,' +
    'layoff,earnings,unreleased,unannounced,investigation,confidential,leak,tls,certificate,exploit,competitor,' +
    'untrusted,follow instruction,execute code,emergency,crisis,performance review,lawsuit,' +
    'litigation;' +
    '3:delete,drop,overwrite,terminate,production,database,stock,invest,investment,' +
    'legal,lawyer,pii,personal data,personal information,home address,email address,phone number,' +
    'payment info,payment detail,card,balance,hate,violence,age,disable,install,registry,execute,' +
    'instruction,internal,disclose,reveal,expose,close account,kill,fund,advise,disciplinary;' +
    '2:race,print,$,refund,chargeback,payment,transfer,send money,move money,withdraw,waive,write off,credit,' +
    'patient,health,data;' +
    '1:share,more than,above,over,exceed,larger than,greater than,store,history,rewrite',
  process:
    // Order, verification, evidence, approvals, logging, escalation, checks before acting.
    '5:approval,approve,sign off,only after;' +
    '4:before,verify,verification,confirm,confirmation,escalate,escalation,consent,authorization,' +
    'authorisation,permission,clarifying question,clarify,reproduce,pull request,on call;' +
    '3:check,validate,make sure,ensure,log,record,document,cite,evidence,route,attach,review,' +
    'first,after,until,unless,notify,human agent,supervisor,manager,' +
    'compliance,include,summarise,summarize,request;' +
    '2:require,ask,knowledge base,reason,whenever,then,' +
    'without,test;' +
    '1:if,when,only',
  style:
    // Tone, persona, formatting, length, language, brand voice.
    '5:tone,emoji,emojis,jargon,slang,sarcasm,buzzword,exclamation,persona,in character,dismissive,' +
    'pushy,first name,first person,curse,swear,profanity;' +
    '4:voice,friendly,polite,empathetic,empathy,warm,warmly,cheerful,upbeat,positive,calm,' +
    'professional,formal,formally,formality,casual,concise,brief,verbose,greet,apologise,apologize,' +
    'apology,supportive,judgmental,reassuring,respectful,rude,humour,humor,sarcastic,lecture,' +
    'bullet,markdown,imperative mood,camelcase,plain language,gender neutral,' +
    'anything else,thank;' +
    '3:short,shorter,length,word,sentence,paragraph,language,english,spanish,french,german,british,' +
    'american,format,character,mood,name,readable,easy to read,plain,simple;' +
    '2:keep,sound,style,answer,reply,respond,write,use;' +
    '1:mention',
}
